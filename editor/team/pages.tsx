import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { teamPageWords as words, type AuthorError } from '../../engine/errors.ts';
import type { AuditEntry } from './audit.ts';
import type { Member } from './members.ts';

/**
 * The team editor's own pages (sign-in, signed in, not on the team, a failed sign-in, signed out):
 * server-rendered HTML with no script, styled by STYLE (served at /auth/style.css, so the
 * Content-Security-Policy allows no inline code at all).
 */
export const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;
background:#f1f3f5;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:40px;max-width:480px;
width:calc(100% - 32px);box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:24px;line-height:1.25;margin:0 0 12px}
p{margin:0 0 16px;color:#495057}
ul{margin:0 0 16px;padding-left:20px;color:#495057}
.site{font-size:14px;font-weight:600;color:#1864ab;margin:0 0 8px;text-transform:uppercase;
letter-spacing:.04em}
.button{display:inline-block;border:0;border-radius:8px;background:#1971c2;color:#fff;font:inherit;
font-weight:600;padding:10px 18px;text-decoration:none;cursor:pointer}
.button:hover{background:#1864ab}
.button:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
.button.secondary{background:#fff;color:#1864ab;border:1px solid #1864ab}
.hint{font-size:14px;color:#495057}
form{margin:0}
main.wide{max-width:1180px;align-self:flex-start;margin:24px 0;padding:32px}
h2{font-size:18px;margin:24px 0 8px}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #dee2e6;vertical-align:top}
th{background:#f8f9fa;font-weight:600}
td.detail{overflow-wrap:anywhere;color:#495057}
.table{overflow-x:auto}
`;

function Page({
  title,
  site,
  children,
  wide = false,
}: {
  title: string;
  site: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href="/auth/style.css" />
      </head>
      <body>
        <main className={wide ? 'wide' : undefined}>
          <p className="site">{site}</p>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

const html = (page: ReactNode) => `<!doctype html>${renderToStaticMarkup(page)}`;

const signInHref = (returnTo: string) =>
  returnTo === '/' ? '/auth/sign-in' : `/auth/sign-in?return=${encodeURIComponent(returnTo)}`;

export function signInPage(site: string, returnTo: string): string {
  return html(
    <Page title={words.signInTitle(site)} site={site}>
      <p>{words.signInLead}</p>
      <a className="button" href={signInHref(returnTo)}>
        {words.signInButton}
      </a>
    </Page>,
  );
}

function SignOut({ csrfToken }: { csrfToken: string }) {
  return (
    <form method="post" action="/auth/sign-out">
      <input type="hidden" name="csrf" value={csrfToken} />
      <button className="button secondary" type="submit">
        {words.signOutButton}
      </button>
    </form>
  );
}

export function signedInPage(site: string, member: Member, csrfToken: string): string {
  return html(
    <Page title={words.signedInTitle(site)} site={site}>
      <p>{words.signedInAs(member.name, member.email, member.role)}</p>
      <p>{words.mayChange}</p>
      <ul>
        {member.grants.map((grant, index) => (
          <li key={index}>
            {words.roleAbilities[grant.role]}:{' '}
            {grant.pages ? words.pagesMatching(grant.pages) : words.everyPage}
            {grant.fields === 'translatable' ? ` ${words.textsOnly}` : ''}
          </li>
        ))}
      </ul>
      <p className="hint">{words.notYetHere}</p>
      <SignOut csrfToken={csrfToken} />
    </Page>,
  );
}

/** A refusal or a failed sign-in: the catalogue's message and hint, and a way on. */
export function problemPage(
  site: string,
  title: string,
  error: AuthorError,
  action: { signOut: string } | { signIn: true },
): string {
  return html(
    <Page title={title} site={site}>
      <p>{error.message}</p>
      <p className="hint">{error.hint}</p>
      {'signOut' in action ? (
        <SignOut csrfToken={action.signOut} />
      ) : (
        <a className="button" href="/auth/sign-in">
          {words.signInAgain}
        </a>
      )}
    </Page>,
  );
}

export function signedOutPage(site: string): string {
  return html(
    <Page title={words.signedOutTitle} site={site}>
      <p>{words.signedOutLead}</p>
      <a className="button" href="/auth/sign-in">
        {words.signInAgain}
      </a>
    </Page>,
  );
}

/** The audit log for admins: the newest entries, and the disk use of the workspaces. */
export function auditPage(
  site: string,
  entries: readonly AuditEntry[],
  workspaces: { count: number; bytes: number },
): string {
  const columns = words.auditColumns;
  return html(
    <Page title={words.auditTitle} site={site} wide>
      <p>{words.auditLead(entries.length)}</p>
      <p>
        <a className="button secondary" href="/">
          {words.backToEditor}
        </a>
      </p>
      <h2>{words.workspacesTitle}</h2>
      <p>{words.workspacesLead(workspaces.count, (workspaces.bytes / 1_048_576).toFixed(1))}</p>
      <h2>{words.auditTitle}</h2>
      {entries.length === 0 ? (
        <p>{words.auditEmpty}</p>
      ) : (
        <div className="table">
          <table>
            <thead>
              <tr>
                <th scope="col">{columns.when}</th>
                <th scope="col">{columns.who}</th>
                <th scope="col">{columns.what}</th>
                <th scope="col">{columns.from}</th>
                <th scope="col">{columns.detail}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={index}>
                  <td>{entry.when.replace('T', ' ').replace(/\.\d+Z$/, '')}</td>
                  <td>{entry.who ?? words.nobody}</td>
                  <td>{entry.what}</td>
                  <td>{entry.from}</td>
                  <td className="detail">{entry.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>,
  );
}
