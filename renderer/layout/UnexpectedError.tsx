import { RESERVED_ANCHORS } from '../../schema/anchors.ts';
import classes from './UnexpectedError.module.css';

const [mainId] = RESERVED_ANCHORS;

export interface UnexpectedErrorProps {
  status: number;
  message: string;
}

/**
 * Shown instead of a white page when rendering fails unexpectedly: heading, status and message, and
 * a way home. Uses no site data, which may be what failed.
 */
export function UnexpectedError({ status, message }: UnexpectedErrorProps) {
  return (
    <main id={mainId} className={classes.page}>
      <div className={classes.root} role="alert" data-page-status={status} data-unexpected-error>
        <h1 className={classes.title}>Unexpected Application Error!</h1>
        <p className={classes.status}>{status}</p>
        <pre className={classes.message}>{message}</pre>
        <a href="/" className={classes.link}>
          Return to Home
        </a>
      </div>
    </main>
  );
}
