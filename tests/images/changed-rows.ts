import type { ChangedRows } from '../../pipeline/social/png.ts';

/** Copies the RGB of `picture`'s rows into `changed` (from its first row on), past filter bytes. */
export function copyRows(changed: ChangedRows, picture: Uint8Array, width: number): void {
  const stride = width * 3;
  for (let row = 0; row * (stride + 1) < changed.rows.length; row++) {
    const from = (changed.from + row) * stride;
    changed.rows.set(picture.subarray(from, from + stride), row * (stride + 1) + 1);
  }
}

/** The RGB of `changed`'s rows, without their filter bytes. */
export function rgbOf(changed: ChangedRows, width: number): Buffer {
  const stride = width * 3;
  const rows = changed.rows.length / (stride + 1);
  return Buffer.concat(
    Array.from({ length: rows }, (_, row) =>
      changed.rows.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1)),
    ),
  );
}
