import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../test/render.tsx';
import { GlobalErrorGate } from './global-error-gate.tsx';

const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
  Promise.resolve(new Response(null, { status: 204 })),
);

beforeEach(() => {
  // Development builds also log reported errors to the console; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Broken(): never {
  throw new Error('render failed');
}

function renderGate(path = '/one') {
  return renderWithProviders(
    <>
      {/* Outside the gate, like the shell's menu: the way a user leaves the error screen. */}
      <Link to="/two">to page two</Link>
      <GlobalErrorGate>
        <Routes>
          <Route path="/one" element={<p>page one</p>} />
          <Route path="/two" element={<p>page two</p>} />
          <Route path="/broken" element={<Broken />} />
        </Routes>
      </GlobalErrorGate>
    </>,
    { path },
  );
}

function rejectUnhandled(reason: unknown) {
  act(() => {
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
  });
}

describe('the global error screen', () => {
  it('appears for an unhandled promise rejection and reports it without patient data', () => {
    renderGate();
    rejectUnhandled(new Error('lost promise'));
    expect(screen.getByRole('heading', { name: 'An error occurred.' })).toBeTruthy();
    expect(screen.getByText('The error has been logged and our team will be looking into it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'unhandledrejection', message: 'Error: lost promise', path: '/' });
  });

  it('appears when a screen fails to render', () => {
    renderGate('/broken');
    expect(screen.getByRole('heading', { name: 'An error occurred.' })).toBeTruthy();
  });

  it('clears when the path changes', () => {
    renderGate();
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    });
    expect(screen.getByRole('heading', { name: 'An error occurred.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'to page two' }));
    expect(screen.queryByRole('heading', { name: 'An error occurred.' })).toBeNull();
    expect(screen.getByText('page two')).toBeTruthy();
  });

  it('clears a render error when the path changes', () => {
    renderGate('/broken');
    fireEvent.click(screen.getByRole('link', { name: 'to page two' }));
    expect(screen.getByText('page two')).toBeTruthy();
  });
});
