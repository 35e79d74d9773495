import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { PlayerControls } from './player-controls.tsx';

afterEach(cleanup);

const noop = () => undefined;
const controls = (label: string) => (
  <PlayerControls
    label={label}
    state="idle"
    progress={null}
    loop={false}
    regionOn={false}
    hasRegion
    variant="Silence"
    onPlay={noop}
    onStop={noop}
    onLoop={noop}
    onRegion={noop}
    onVariant={noop}
    onDownload={noop}
  />
);

describe('player controls of several recordings', () => {
  it('name every button by its recording, Loop and Region as Play and Download are (issue 22)', () => {
    renderWithProviders(
      <>
        {controls('Aortic')}
        {controls('Mitral')}
      </>,
    );
    for (const control of ['Play', 'Loop', 'Region', 'Download'])
      for (const point of ['Aortic', 'Mitral'])
        expect(screen.getAllByRole('button', { name: `${control}, ${point}` })).toHaveLength(1);
  });
});
