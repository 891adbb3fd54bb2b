/**
 * Whether a process with this id is running (a lock's or a journal's owner): signal 0 checks
 * without sending anything; EPERM means it runs under another user.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
