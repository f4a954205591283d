//! A set of points as a bitboard: one 32-bit word per row.

use std::fmt;

use crate::point::{MAX_SIZE, Point};

/// A set of points, stored as one bit per point (a row-wise bitboard). Copying is cheap
/// (88 bytes), and so are union, intersection and iteration in index order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    rows: [u32; MAX_SIZE as usize],
}

impl PointSet {
    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet {
            rows: [0; MAX_SIZE as usize],
        }
    }

    /// Builds a set from one bit mask per row (bit `c` of `rows[r]` is the point at column `c`,
    /// row `r`); bits at columns `>= MAX_SIZE` are ignored.
    pub fn from_rows(rows: [u32; MAX_SIZE as usize]) -> PointSet {
        let mask = (1u32 << MAX_SIZE) - 1;
        PointSet {
            rows: rows.map(|r| r & mask),
        }
    }

    /// The bit mask of row `row` (bit `c` = column `c`).
    #[inline]
    pub fn row_mask(&self, row: u8) -> u32 {
        self.rows[row as usize]
    }

    /// Adds a point; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let bit = 1u32 << p.col();
        let row = &mut self.rows[p.row() as usize];
        let new = *row & bit == 0;
        *row |= bit;
        new
    }

    /// Removes a point; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let bit = 1u32 << p.col();
        let row = &mut self.rows[p.row() as usize];
        let had = *row & bit != 0;
        *row &= !bit;
        had
    }

    /// Whether the set holds `p`.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.rows[p.row() as usize] & (1u32 << p.col()) != 0
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The points in both sets.
    pub fn intersection(&self, other: &PointSet) -> PointSet {
        let mut rows = self.rows;
        for (r, o) in rows.iter_mut().zip(other.rows) {
            *r &= o;
        }
        PointSet { rows }
    }

    /// The points in either set.
    pub fn union(&self, other: &PointSet) -> PointSet {
        let mut rows = self.rows;
        for (r, o) in rows.iter_mut().zip(other.rows) {
            *r |= o;
        }
        PointSet { rows }
    }

    /// The points of `self` that are not in `other`.
    pub fn difference(&self, other: &PointSet) -> PointSet {
        let mut rows = self.rows;
        for (r, o) in rows.iter_mut().zip(other.rows) {
            *r &= !o;
        }
        PointSet { rows }
    }

    /// The points in index order (row by row from `a1`).
    pub fn iter(&self) -> PointSetIter {
        PointSetIter {
            rows: self.rows,
            row: 0,
        }
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::new();
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

/// Iterator over a [`PointSet`], in index order.
#[derive(Clone, Debug)]
pub struct PointSetIter {
    rows: [u32; MAX_SIZE as usize],
    row: usize,
}

impl Iterator for PointSetIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.row < MAX_SIZE as usize {
            let bits = self.rows[self.row];
            if bits != 0 {
                let col = bits.trailing_zeros();
                self.rows[self.row] = bits & (bits - 1);
                return Some(Point::new_unchecked(col as u8, self.row as u8));
            }
            self.row += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: PointSet = ["a1", "h8", "v22"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let b: PointSet = ["h8", "b2"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!(a.len(), 3);
        assert_eq!(
            a.intersection(&b)
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>(),
            ["h8"]
        );
        assert_eq!(a.union(&b).len(), 4);
        assert_eq!(a.difference(&b).len(), 2);
        let order: Vec<String> = a.iter().map(|p| p.to_string()).collect();
        assert_eq!(order, ["a1", "h8", "v22"]);
        let mut c = a;
        assert!(c.remove("h8".parse().unwrap()));
        assert!(!c.remove("h8".parse().unwrap()));
        assert!(!c.contains("h8".parse().unwrap()));
        assert!(PointSet::new().is_empty());
    }
}
