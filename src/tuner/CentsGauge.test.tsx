import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CentsGauge } from './CentsGauge';

const needleAngle = (html: string): number => {
  const match = /rotate\((-?[\d.]+)deg\)/.exec(html);
  if (!match) throw new Error('no needle rotation in the markup');
  return Number(match[1]);
};

describe('CentsGauge', () => {
  it('with no signal the needle rests at the left stop, outside the in-tune band', () => {
    expect(needleAngle(renderToStaticMarkup(<CentsGauge cents={null} inTuneCents={5} />))).toBe(
      -90,
    );
  });

  it('points at the cents played, clamped to ±50', () => {
    expect(needleAngle(renderToStaticMarkup(<CentsGauge cents={0} inTuneCents={5} />))).toBe(0);
    expect(needleAngle(renderToStaticMarkup(<CentsGauge cents={25} inTuneCents={5} />))).toBe(45);
    expect(needleAngle(renderToStaticMarkup(<CentsGauge cents={80} inTuneCents={5} />))).toBe(90);
  });
});
