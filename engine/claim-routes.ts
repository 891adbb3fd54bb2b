import type { LinkTarget } from './check-references.ts';
import { authorErrors, type AuthorError } from './errors.ts';

/**
 * What a page file claims: its route (from its file name) and its aliases, with what links to it
 * need.
 */
export interface RouteClaim {
  file: string;
  /** undefined for the 404 page, which has no route of its own. */
  route: string | undefined;
  /**
   * False when the YAML could not be read: its route still counts for links, it claims nothing
   * else.
   */
  readable: boolean;
  draft: boolean;
  anchors: string[] | undefined;
  aliases: readonly unknown[];
}

/** A claim refused: on the file's first line for its route, on the alias for an alias. */
export interface ClaimProblem {
  file: string;
  error: AuthorError;
  /** Index in `aliases`; undefined for the route itself. */
  alias?: number;
}

/**
 * Route and alias → the page that shows it. Files claim their routes first, in the order given
 * (file order), then their aliases, so that a clash is always reported on the alias, which is the
 * line to change. A route whose file cannot be read still counts: links to it are not broken, that
 * file's own error says what to fix.
 */
export function claimRoutes(claims: readonly RouteClaim[]): {
  targets: Map<string, LinkTarget>;
  ownTargets: Map<string, LinkTarget>;
  problems: ClaimProblem[];
} {
  const targets = new Map<string, LinkTarget>();
  const ownTargets = new Map<string, LinkTarget>();
  const problems: ClaimProblem[] = [];
  for (const claim of claims) {
    if (!claim.route || !claim.readable) continue;
    const target: LinkTarget = {
      file: claim.file,
      route: claim.route,
      draft: claim.draft,
      anchors: claim.anchors,
    };
    ownTargets.set(claim.file, target);
    const owner = targets.get(claim.route);
    if (owner)
      problems.push({
        file: claim.file,
        error: authorErrors.duplicateRoute(claim.route, owner.file),
      });
    else targets.set(claim.route, target);
  }
  for (const claim of claims) {
    const own = ownTargets.get(claim.file);
    if (!own) continue;
    claim.aliases.forEach((alias, index) => {
      if (typeof alias !== 'string') return;
      const owner = targets.get(alias);
      const refuse = (error: AuthorError) =>
        problems.push({ file: claim.file, error, alias: index });
      if (alias === claim.route) refuse(authorErrors.aliasIsOwnRoute(alias));
      else if (!owner) targets.set(alias, own);
      else if (owner.route === alias) refuse(authorErrors.aliasIsAPage(alias, owner.file));
      else if (owner === own) refuse(authorErrors.aliasListedTwice(alias));
      else refuse(authorErrors.aliasTaken(alias, owner.file));
    });
  }
  for (const claim of claims) {
    if (!claim.readable && claim.route && !targets.has(claim.route))
      targets.set(claim.route, { file: '', route: claim.route, draft: false, anchors: undefined });
  }
  return { targets, ownTargets, problems };
}
