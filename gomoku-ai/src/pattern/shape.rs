//! The shape a stone makes along one line.

use std::fmt;

/// What a stone of one colour placed on an empty point makes along one line through it, from
/// nothing up to a five. Ordered from weakest to strongest.
///
/// The definitions are recursive and counted in "moves to a five" within the nine points centred
/// on the stone (plus one more each side to tell an exact five from an overline):
/// a [`Shape::Four`] has exactly one empty point that completes a five with it, an
/// [`Shape::OpenFour`] two or more; an [`Shape::OpenThree`] has an empty point that turns it into
/// an open four, a [`Shape::ClosedThree`] only into a four; and so on down to [`Shape::One`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Shape {
    /// Nothing that can grow into a five on this line.
    #[default]
    None = 0,
    /// Six or more in a row that do not win under the rule (e.g. Black's overline in Renju).
    Overline = 1,
    /// One more stone makes an open two.
    One = 2,
    /// One more stone makes a closed three.
    ClosedTwo = 3,
    /// One more stone makes an open three.
    OpenTwo = 4,
    /// One more stone makes a four (but no open four).
    ClosedThree = 5,
    /// One more stone makes an open four.
    OpenThree = 6,
    /// Exactly one empty point completes a five.
    Four = 7,
    /// Two or more empty points complete a five (a straight four, or two fours on one line).
    OpenFour = 8,
    /// A winning five under the rule.
    Five = 9,
}

impl Shape {
    /// Every shape, weakest first.
    pub const ALL: [Shape; 10] = [
        Shape::None,
        Shape::Overline,
        Shape::One,
        Shape::ClosedTwo,
        Shape::OpenTwo,
        Shape::ClosedThree,
        Shape::OpenThree,
        Shape::Four,
        Shape::OpenFour,
        Shape::Five,
    ];

    /// The shape with this discriminant (`None` for anything unknown).
    #[inline]
    pub const fn from_u8(v: u8) -> Shape {
        match v {
            1 => Shape::Overline,
            2 => Shape::One,
            3 => Shape::ClosedTwo,
            4 => Shape::OpenTwo,
            5 => Shape::ClosedThree,
            6 => Shape::OpenThree,
            7 => Shape::Four,
            8 => Shape::OpenFour,
            9 => Shape::Five,
            _ => Shape::None,
        }
    }

    /// The shape one stone weaker: what a shape one move short of `self` is called.
    pub(crate) const fn one_less(self) -> Shape {
        match self {
            Shape::OpenFour => Shape::OpenThree,
            Shape::Four => Shape::ClosedThree,
            Shape::OpenThree => Shape::OpenTwo,
            Shape::ClosedThree => Shape::ClosedTwo,
            Shape::OpenTwo => Shape::One,
            _ => Shape::None,
        }
    }

    /// Whether this shape threatens a five next move (a four or better).
    #[inline]
    pub const fn is_four_or_better(self) -> bool {
        matches!(self, Shape::Four | Shape::OpenFour | Shape::Five)
    }

    /// Whether this shape is at least an open three (forces a reply).
    #[inline]
    pub const fn is_open_three_or_better(self) -> bool {
        (self as u8) >= Shape::OpenThree as u8
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::None => "nothing",
            Shape::Overline => "an overline",
            Shape::One => "a lone stone",
            Shape::ClosedTwo => "a closed two",
            Shape::OpenTwo => "an open two",
            Shape::ClosedThree => "a closed three",
            Shape::OpenThree => "an open three",
            Shape::Four => "a four",
            Shape::OpenFour => "an open four",
            Shape::Five => "a five",
        })
    }
}
