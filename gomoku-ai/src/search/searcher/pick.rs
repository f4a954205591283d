//! The order in which a node searches its moves: best first by their ordering value, found
//! as the search goes rather than sorted up front.

use super::Candidate;

/// Moves picked one at a time before the rest are sorted at once (see [`next_in_order`]).
const PICKED_BEFORE_SORT: usize = 3;

/// Puts the `i`-th best of `moves` (all before `i` being in order already) at `i` and returns
/// it. The first few are picked (the highest order, the earliest of equals, moved up with the
/// others keeping their order); then the rest are sorted at once. Either way the order is the
/// stable sort's: most nodes cut off after a move or two and never pay for the sort.
#[inline]
pub(super) fn next_in_order(moves: &mut [Candidate], i: usize) -> Candidate {
    if i < PICKED_BEFORE_SORT {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].order > moves[best].order {
                best = j;
            }
        }
        moves[i..=best].rotate_right(1);
    } else if i == PICKED_BEFORE_SORT {
        moves[i..].sort_by_key(|m| std::cmp::Reverse(m.order));
    }
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::Point;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn picking_gives_the_stable_sorts_order() {
        let mut rng = Pcg64Mcg::seed_from_u64(0x9e37_79b9_7f4a_7c15);
        for len in 0..40 {
            for _ in 0..20 {
                // Few distinct orders, so that ties are common.
                let moves: Vec<Candidate> = (0..len)
                    .map(|k| Candidate {
                        point: Point::new_unchecked(k as u8 % 15, k as u8 / 15),
                        order: rng.random_range(-2..4),
                        value: 0,
                    })
                    .collect();
                let mut sorted = moves.clone();
                sorted.sort_by_key(|m| std::cmp::Reverse(m.order));
                let mut picked = moves.clone();
                let order: Vec<Point> = (0..len)
                    .map(|i| next_in_order(&mut picked, i).point)
                    .collect();
                let expected: Vec<Point> = sorted.iter().map(|m| m.point).collect();
                assert_eq!(order, expected, "{len} moves");
                assert_eq!(picked.iter().map(|m| m.point).collect::<Vec<_>>(), expected);
            }
        }
    }
}
