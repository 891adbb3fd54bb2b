import { isSafeFrameSrc } from '../../schema/url-policy.ts';

/**
 * Attributes the frame may get from data-frame; anything else (event handlers, srcdoc…) is ignored.
 */
const FRAME_ATTRIBUTES = new Set([
  'className',
  'src',
  'title',
  'height',
  'loading',
  'data-scheduler-frame',
]);

/**
 * The frame's attributes from data-frame: string values of known attributes only, or undefined if
 * unreadable.
 */
function readFrameAttributes(
  json: string | undefined,
): (Record<string, string> & { src?: string }) | undefined {
  try {
    const parsed: unknown = JSON.parse(json ?? '');
    if (!parsed || typeof parsed !== 'object') return undefined;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([name, value]) => FRAME_ATTRIBUTES.has(name) && typeof value === 'string',
      ),
    );
  } catch {
    return undefined;
  }
}

/**
 * How long the widget may take, from the moment it scrolls into view, before the fallback takes its
 * place.
 */
export const SCHEDULER_TIMEOUT_MS = 10_000;
/**
 * After the frame's load event, how long to wait for the provider's first message (an error page
 * never sends one).
 */
export const SCHEDULER_AFTER_LOAD_MS = 5_000;

type Status = 'loading' | 'ready' | 'unavailable';

/**
 * In the browser, for every scheduler block: mounts the frame of its <noscript> (described in
 * data-frame) once the page listens for the provider's messages (none can be missed), marks it
 * ready on the provider's first message, and if none comes in time (10 s on screen, or 5 s after
 * the frame loaded something silent such as a browser error page) replaces it with the booking
 * link, a message and a "Try again" button.
 */
export function enhanceSchedulers(doc: Document = document): void {
  for (const box of doc.querySelectorAll<HTMLElement>('[data-scheduler]'))
    enhanceScheduler(doc, box);
}

function enhanceScheduler(doc: Document, box: HTMLElement) {
  const win = doc.defaultView ?? window;
  const noscript = box.querySelector('noscript[data-scheduler-noscript]');
  const frameAttributes = readFrameAttributes(box.dataset.frame);
  const message = box.querySelector<HTMLElement>('[data-scheduler-message]');
  const retry = box.querySelector<HTMLButtonElement>('[data-scheduler-retry]');
  const note = box.parentElement?.querySelector<HTMLElement>('[data-scheduler-note]');
  if (!noscript || !message || !retry) return;
  // An address the validator would refuse (javascript:, data:, http:…) never becomes the frame: the
  // visitor gets the "could not be loaded" message and the booking link, without a "Try again" that
  // could not help.
  if (!frameAttributes || !isSafeFrameSrc(frameAttributes.src)) {
    box.dataset.status = 'unavailable';
    message.textContent = message.dataset.unavailableText ?? '';
    if (note) note.hidden = true;
    return;
  }
  const origin = new URL(frameAttributes.src).origin;
  const createFrame = () => {
    const element = doc.createElement('iframe');
    for (const [name, value] of Object.entries(frameAttributes))
      element.setAttribute(name === 'className' ? 'class' : name, value);
    return element;
  };

  let frame: HTMLIFrameElement | null = null;
  let timers: Array<ReturnType<typeof setTimeout>> = [];
  let observer: IntersectionObserver | null = null;
  const stopWaiting = () => {
    timers.forEach(clearTimeout);
    timers = [];
    observer?.disconnect();
  };

  const setStatus = (status: Status) => {
    box.dataset.status = status;
    const unavailable = status === 'unavailable';
    message.textContent =
      (unavailable ? message.dataset.unavailableText : message.dataset.loadingText) ?? '';
    if (unavailable) message.setAttribute('role', 'alert');
    else message.removeAttribute('role');
    retry.hidden = !unavailable;
    if (note) note.hidden = unavailable;
    if (status !== 'loading') stopWaiting();
    if (unavailable) {
      frame?.remove();
      frame = null;
    }
  };

  win.addEventListener('message', (event) => {
    if (
      frame &&
      box.dataset.status === 'loading' &&
      event.origin === origin &&
      event.source === frame.contentWindow
    )
      setStatus('ready');
  });

  const mount = () => {
    setStatus('loading');
    frame = createFrame();
    frame.addEventListener('load', () => {
      timers.push(
        setTimeout(
          () => box.dataset.status === 'loading' && setStatus('unavailable'),
          SCHEDULER_AFTER_LOAD_MS,
        ),
      );
    });
    noscript.after(frame);
    const startClock = () =>
      timers.push(setTimeout(() => setStatus('unavailable'), SCHEDULER_TIMEOUT_MS));
    if (typeof IntersectionObserver === 'undefined') return startClock();
    // The frame loads lazily: start the clock when it is actually on screen.
    observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer?.disconnect();
      startClock();
    });
    observer.observe(box);
  };

  retry.addEventListener('click', mount);
  box.dataset.enhanced = '';
  mount();
}
