//! What decided an analysis: the theorem, table or search behind an answer.
//!
//! Every view of an [`Analysis`](crate::Analysis) (the human view,
//! `--explain`, `verify`, JSON's `"basis"` field) reads this one record;
//! none of them works out again how a position was decided.

use std::fmt;

/// How an answer was decided.
///
/// The word of each basis ([`Basis::word`]) is the stable identifier written
/// in JSON (SPEC section 3, `basis`).
///
/// ```
/// use sprague::{Analyzer, Basis, Play};
/// let a = Analyzer::default().analyze(&"nim 3 4 5".parse()?, Play::Normal, None)?;
/// assert_eq!(a.basis, Basis::Bouton);
/// assert_eq!(a.basis.word(), "bouton");
/// let a = Analyzer::default().analyze(&"moore:1 1 1 1".parse()?, Play::Misere, None)?;
/// assert_eq!(a.basis, Basis::MisereNim);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Basis {
    /// Bouton's theorem (Bouton 1901): a sum of Nim heaps is worth the
    /// nim-sum of the heap sizes (Nim, and Moore's Nim_1, which is Nim).
    Bouton,
    /// The misère Nim rule (Bouton 1901; Winning Ways, ch. 13): play as in
    /// normal play unless every heap would be at most 1, then leave an odd
    /// number of 1-heaps.
    MisereNim,
    /// Moore's theorem (Moore 1910): a position of Nim_k is a P-position
    /// exactly when, in every binary column, the number of heaps with a 1
    /// is a multiple of k + 1; or a closed form of Nim_k's values (at most
    /// k non-empty heaps are worth their sum).
    Moore,
    /// The staircase reduction: staircase Nim is Nim on the odd-numbered
    /// steps.
    Staircase,
    /// A proven period of the nim-sequence (Guy & Smith 1956's periodicity
    /// theorem) used for a heap beyond the computed table, or the closed
    /// form of a subtraction set that is one range `a..=b` (period `a + b`).
    Period,
    /// A proven arithmetic period of the nim-sequence, G(n + p) = G(n) + s
    /// for all n >= n0 (saltus s >= 1; Winning Ways, ch. 4; proven for
    /// take-any games by [`sequence::arith::prove`](crate::sequence::arith::prove)),
    /// used for a heap beyond the computed table. Written
    /// `arithmetic-period` in JSON.
    ArithmeticPeriod,
    /// A computed table of values: the nim-sequence (every heap asked for is
    /// in it), or a ruleset's table of whole components (Wythoff pairs).
    Table,
    /// The Sprague-Grundy theorem: a sum is worth the nim-sum of its
    /// components' values, each decided on its own basis.
    SpragueGrundy,
    /// The tame-sum theorem of genus theory (Conway, On Numbers and Games,
    /// ch. 12; Winning Ways, ch. 13): every heap is tame, so the sum plays
    /// misère Nim on the heaps' genus values (see
    /// [`misere::genus`](crate::misere::genus)).
    Genus,
    /// The misère quotient (Plambeck & Siegel 2008) of the ruleset
    /// restricted to heaps `0..=bound`: the sum is a P-position exactly when
    /// the product of its heaps' elements lies in the P-portion (see
    /// [`misere::quotient`](crate::misere::quotient)).
    Quotient {
        /// The largest heap the quotient covers.
        bound: u64,
        /// The quotient's order (number of elements).
        order: u64,
    },
    /// The misère quotient of heaps `0..=bound` refined by the sum's heaps
    /// above `bound` (Plambeck & Siegel 2008's construction applied to
    /// languages of the small heaps): for each sum of large heaps that play
    /// can reach (`parts` of them, the empty one included), whether it plus
    /// the small heaps is a P-position depends only on the small heaps'
    /// element in a monoid of `order` elements, and each such monoid is
    /// proven like a quotient. Used where the quotient of every heap of the
    /// sum would cost far more (Dawson's Kayles with a heap of 30). Written
    /// `quotient` in JSON.
    RefinedQuotient {
        /// The largest small heap.
        bound: u64,
        /// The order of the monoid of the small heaps.
        order: u64,
        /// The sums of large heaps covered, the empty one included.
        parts: u64,
    },
    /// A theorem that belongs to one ruleset (Wythoff's theorem), named by
    /// the ruleset's module.
    Theorem {
        /// The word JSON writes (`wythoff`).
        word: &'static str,
        /// The theorem's name and statement, for people.
        name: &'static str,
    },
    /// A rule of one ruleset that gives a component's Grundy value itself
    /// (Green Hackenbush's colon and fusion principles), named by the
    /// ruleset's module.
    Rule {
        /// The word JSON writes (`hackenbush`).
        word: &'static str,
        /// The rule's name, for people.
        name: &'static str,
    },
    /// A search by the definitions over the positions that can follow.
    Search {
        /// The number of positions the search stored.
        positions: u64,
    },
}

impl Basis {
    /// The basis's word, as written in JSON: `bouton`, `misere-nim`,
    /// `moore`, `staircase`, `period`, `arithmetic-period`, `table`, `sprague-grundy`, `genus`,
    /// `quotient`, `search`.
    pub fn word(&self) -> &'static str {
        match self {
            Basis::Bouton => "bouton",
            Basis::MisereNim => "misere-nim",
            Basis::Moore => "moore",
            Basis::Staircase => "staircase",
            Basis::Period => "period",
            Basis::ArithmeticPeriod => "arithmetic-period",
            Basis::Table => "table",
            Basis::SpragueGrundy => "sprague-grundy",
            Basis::Genus => "genus",
            Basis::Quotient { .. } | Basis::RefinedQuotient { .. } => "quotient",
            Basis::Theorem { word, .. } | Basis::Rule { word, .. } => word,
            Basis::Search { .. } => "search",
        }
    }

    /// Whether the answer came from a search by the definitions.
    pub fn is_search(&self) -> bool {
        matches!(self, Basis::Search { .. })
    }

    /// The basis of a whole value made of parts decided on the bases
    /// `parts`: a lone part's own basis; Bouton's theorem when every part
    /// is decided by it (a sum of Nim components is one Nim position);
    /// else the Sprague-Grundy theorem.
    pub(crate) fn combine(parts: &[Basis]) -> Basis {
        match parts {
            [] => Basis::Bouton,
            [one] => *one,
            many if many.iter().all(|b| *b == Basis::Bouton) => Basis::Bouton,
            _ => Basis::SpragueGrundy,
        }
    }
}

impl fmt::Display for Basis {
    /// The word (see [`Basis::word`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
