/**
 * Ids the page layout gives its skip-link target (`main`) and Back to Top target (`top`): no block
 * may use them.
 */
export const RESERVED_ANCHORS = ['main', 'top'] as const;
