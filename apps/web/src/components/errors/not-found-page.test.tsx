import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotFoundPage } from './not-found-page.tsx';

afterEach(cleanup);

describe('the not-found page', () => {
  it('says the page was not found and links back home', () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('404 Error')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page not found.' })).toBeTruthy();
    expect(screen.getByText("Sorry, we couldn't find the page you were looking for.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  });
});
