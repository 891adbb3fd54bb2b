import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnexpectedError, UnexpectedErrorContent } from './UnexpectedError.tsx';

interface State {
  error: Error | null;
}

/**
 * Catches errors while rendering or hydrating a page in the browser and shows 'Unexpected Application Error!' with the
 * status and message instead of a white page. `fullPage` renders its own main landmark (when the layout itself failed).
 */
export class ErrorBoundary extends Component<{ children: ReactNode; fullPage?: boolean }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const props = { status: 500, message: error.message || 'Something went wrong while showing this page.' };
    return this.props.fullPage ? <UnexpectedError {...props} /> : <UnexpectedErrorContent {...props} />;
  }
}
