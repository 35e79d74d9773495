import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { patientTexts } from '../utils/patient-texts.ts';
import { AccessCodeStep } from './access-code-step.tsx';

const examId = '0f6d3c2a-8b1e-4c5d-9a7f-2e3b4c5d6e7f';
const otherExamId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
let answer: { status: number; body: unknown };
let paths: string[];

beforeEach(() => {
  paths = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(
        `${init?.method ?? 'GET'} ${url.pathname} ${new Headers(init?.headers).get('Authorization') ?? ''}`.trim(),
      );
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function enter(code: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Access code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const found = (virtualExamId: string) => ({
  status: 200,
  body: { virtualExamId, scheduledStartDate: null, scheduledEndDate: null },
});

describe('the access-code step of the patient portal', () => {
  it('looks the code up without a bearer, normalized, and goes on with the exam it opens', async () => {
    answer = found(examId);
    const onFound = vi.fn();
    renderWithProviders(<AccessCodeStep virtualExamId={null} onFound={onFound} />);
    enter(' abc-def-ghjk ');
    await waitFor(() => expect(onFound).toHaveBeenCalledWith({ virtualExamId: examId, accessCode: ' abc-def-ghjk ' }));
    expect(paths).toEqual(['GET /api/v1/virtual-exams/access-code/ABCDEFGHJK']);
  });

  it("refuses another exam's code on a link's form, like a wrong code", async () => {
    answer = found(otherExamId);
    const onFound = vi.fn();
    renderWithProviders(<AccessCodeStep virtualExamId={examId} onFound={onFound} />);
    enter('ABC-DEF-GHJK');
    expect((await screen.findByRole('alert')).textContent).toBe(patientTexts.codeWrong);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says so when the code opens nothing, or after too many tries', async () => {
    answer = { status: 401, body: { type: 3, name: 'EXPIRED_ACCESS_CODE', message: 'No.' } };
    renderWithProviders(<AccessCodeStep virtualExamId={null} onFound={vi.fn()} />);
    enter('ABC-DEF-GHJK');
    expect((await screen.findByRole('alert')).textContent).toBe(patientTexts.codeWrong);
    answer = { status: 429, body: { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'Slow down.' } };
    enter('ABC-DEF-GHJK');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(patientTexts.tooManyTries));
  });

  it('asks for a code before calling anyone', async () => {
    renderWithProviders(<AccessCodeStep virtualExamId={null} onFound={vi.fn()} />);
    enter('   ');
    expect((await screen.findByRole('alert')).textContent).toBe(patientTexts.codeRequired);
    expect(paths).toEqual([]);
  });
});
