import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { OrganizationExamsAllRedirect } from './exams-all-redirect.tsx';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

const renderAt = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path={paths.organizationExamsAll.path} element={<OrganizationExamsAllRedirect />} />
        <Route path={paths.organizationExams.path} element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the All exams address', () => {
  it('opens the organization exams with all=true', () => {
    renderAt('/organization/exams/all');
    expect(screen.getByText('/organization/exams?all=true')).toBeTruthy();
  });

  it('keeps the page it was given', () => {
    renderAt('/organization/exams/all?p=2');
    expect(screen.getByText('/organization/exams?p=2&all=true')).toBeTruthy();
  });
});
