import { ROLES, type Role, type Team } from '../../schema/team.ts';
import { workspaceId } from './workspaces.ts';

/** Who signed in, as the provider's ID token and user info said (editor/team/oidc.ts). */
export interface Identity {
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  email: string;
  /** Only a verified address is matched against the team's people. */
  emailVerified: boolean;
  name: string;
  /** The provider's `groups` claim; empty when it sends none. */
  groups: readonly string[];
}

/** What one entry of the team (a person or a group) allows. */
export interface Grant {
  role: Role;
  /** Route patterns; undefined: every page. */
  pages: readonly string[] | undefined;
  fields: 'all' | 'translatable';
}

export interface Member {
  email: string;
  name: string;
  /** The highest role any of their entries gives: what the editor shows them as. */
  role: Role;
  /** Every entry that applies to them: each allows what it allows, none takes away. */
  grants: readonly Grant[];
}

export const roleRank = (role: Role) => ROLES.indexOf(role);

/**
 * The team member `identity` is, or undefined when no entry names them: their person entry (the
 * e-mail address in any case, and only when the provider verified it) and every group entry whose
 * group the provider says they are in.
 */
export function memberOf(team: Team | undefined, identity: Identity): Member | undefined {
  const email = identity.email.toLowerCase();
  const entries = [
    ...(identity.emailVerified
      ? (team?.people ?? []).filter((person) => person.email.toLowerCase() === email)
      : []),
    ...(team?.groups ?? []).filter((group) => identity.groups.includes(group.group)),
  ];
  if (entries.length === 0) return undefined;
  const grants = entries.map((entry) => ({
    role: entry.role,
    pages: entry.pages,
    fields: entry.fields ?? 'all',
  }));
  const role = grants.reduce<Role>(
    (best, grant) => (roleRank(grant.role) > roleRank(best) ? grant.role : best),
    'author',
  );
  return { email: identity.email, name: identity.name, role, grants };
}

/**
 * The domain of the address commits carry for someone whose provider did not verify theirs (some
 * never send `email_verified`, Microsoft Entra ID among them): `.invalid` is reserved (RFC 2606),
 * so the address is nobody's, and claims nothing.
 */
const UNVERIFIED_DOMAIN = 'unverified.invalid';

/**
 * The name and e-mail a person's commits carry: the provider's, when it verified the address;
 * else the name with an address that is not one (`<their workspace id>@unverified.invalid`, the
 * same for every commit of theirs), never an address the provider did not vouch for.
 */
export function commitIdentity(
  identity: Pick<Identity, 'subject' | 'name' | 'email' | 'emailVerified'>,
): { name: string; email: string } {
  return identity.emailVerified
    ? { name: identity.name, email: identity.email }
    : { name: identity.name, email: `${workspaceId(identity.subject)}@${UNVERIFIED_DOMAIN}` };
}
