/**
 * How many times the arcs of a laid-out flow cross: the measure flowGraph.ts keeps as low as it can, and the
 * number per flow that docs/flows/README.md states and crossings.test.ts holds.
 */

interface Point {
  x: number;
  y: number;
}

/** Cross product of (b - a) and (c - a): > 0 when c lies left of a→b, < 0 right, 0 on its line. */
const side = (a: Point, b: Point, c: Point) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);

/** Coordinates closer than this count as the same (dagre's numbers carry rounding of its own). */
const EPSILON = 1e-6;

/**
 * Whether two segments cross at a point inside both of them. Touching (an end on the other segment, as arcs meeting
 * at a shared box do) and running along the same line are not crossings.
 */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  const apart = (u: number, v: number) => (u > EPSILON && v < -EPSILON) || (u < -EPSILON && v > EPSILON);
  return apart(d1, d2) && apart(d3, d4);
}

/** The number of places where two different arcs (polylines) cross each other. */
export function countCrossings(arcs: ReadonlyArray<{ points: ReadonlyArray<Point> }>): number {
  const segments = arcs.map(({ points }) =>
    points.slice(1).map((end, index) => [points[index] as Point, end]),
  );
  let crossings = 0;
  for (const [i, mine] of segments.entries())
    for (const theirs of segments.slice(i + 1))
      for (const [a, b] of mine)
        for (const [c, d] of theirs) if (a && b && c && d && segmentsCross(a, b, c, d)) crossings += 1;
  return crossings;
}
