import classes from './UnexpectedError.module.css';

/** Shown instead of a white page when rendering fails unexpectedly. Uses no site data, which may be what failed. */
export function UnexpectedError({ status, message }: { status: number; message: string }) {
  return (
    <main id="main" className={classes.root} data-page-status={status}>
      <h1 className={classes.title}>Unexpected Application Error!</h1>
      <p className={classes.status}>{status}</p>
      <pre className={classes.message}>{message}</pre>
      <a href="/" className={classes.link}>
        Return to Home
      </a>
    </main>
  );
}
