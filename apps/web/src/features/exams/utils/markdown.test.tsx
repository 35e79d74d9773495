import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMarkdown, renderMarkdown } from './markdown.tsx';

function rendered(source: string) {
  return render(<div data-testid="report">{renderMarkdown(source)}</div>).getByTestId('report');
}

afterEach(cleanup);

describe('report markdown', () => {
  it('renders headings, paragraphs, lists, emphasis and tables as elements', () => {
    const root = rendered(
      '# Heart report\n\nRate **72** bpm, *regular*.\n\n- S1 present\n- S2 present\n\n1. one\n2. two\n\n| Segment | Rate |\n|---|---|\n| 1 | 71 |\n',
    );
    expect(root.querySelector('h1')?.textContent).toBe('Heart report');
    expect(root.querySelector('p strong')?.textContent).toBe('72');
    expect(root.querySelector('p em')?.textContent).toBe('regular');
    expect([...root.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['S1 present', 'S2 present']);
    expect(root.querySelectorAll('ol li')).toHaveLength(2);
    expect(root.querySelector('th')?.textContent).toBe('Segment');
    expect(root.querySelector('td:last-child')?.textContent).toBe('71');
  });

  it('shows HTML in the markdown as text: no script, no image, no handler attribute', () => {
    const source =
      '# <script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> and **<b onclick=alert(3)>bold</b>**\n\n| <iframe src=javascript:alert(4)> |\n|---|\n| <svg onload=alert(5)> |\n\n[click](javascript:alert(6))';
    const root = rendered(source);
    expect(root.querySelector('script, img, iframe, svg, b')).toBeNull();
    expect(root.querySelectorAll('[onerror], [onclick], [onload], a')).toHaveLength(0);
    expect(root.querySelector('h1')?.textContent).toBe('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(root.textContent).toContain('<svg onload=alert(5)>');
  });

  it('parses an empty source to nothing', () => {
    expect(parseMarkdown('')).toEqual([]);
  });
});
