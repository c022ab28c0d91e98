//! Green Hackenbush: pictures of green edges standing on the ground; a
//! move cuts one edge, and whatever is no longer connected to the ground
//! falls away (Winning Ways, ch. 7; Conway, On Numbers and Games, ch. 7).
//!
//! A component `hackenbush P1 P2 ...` is the sum of its pictures, each
//! written in CGSuite's string notation (`e(ee;e)`, `:Aeee:A`), as an
//! edge list (`0-1,1-2,2-0`), or read from a file (`file:tree.txt`, see
//! [`define_file`]); see [`picture`]. Every picture is a game of
//! its own, worth the value the fusion and colon principles give it in
//! linear time (`value`); the winning cuts are found by pushing the
//! target value up the tree of bridges.
//!
//! A component's position is its pictures ([`Pictures`]), each kept with
//! its value once found: positions written the same are equal whichever
//! parser read them.

mod file;
pub mod picture;
mod read;

pub use file::{define_file, FileError, MAX_PICTURE_FILE_EDGES};
pub(crate) mod value;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use super::nim;
use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Outcome, Place, Play};

use picture::Picture;

/// The basis of a picture's value.
const HACKENBUSH: Basis = Basis::Rule {
    word: "hackenbush",
    name: "the colon and fusion principles of Green Hackenbush",
};

/// The basis of misère play of stalks: each is a Nim heap of its length.
const MISERE_STALKS: Basis = Basis::Theorem {
    word: "misere-nim",
    name: "the misère Nim rule (every picture is a stalk, a Nim heap of its length)",
};

/// The most edges of a picture that a move in words writes out.
const WORDS_EDGES: usize = 40;

/// One picture of a position, with its value found when first asked for
/// (a position written out after a move needs none). Equal and hashed by
/// the picture alone.
#[derive(Debug)]
struct Piece {
    picture: Picture,
    value: OnceLock<u64>,
}

impl PartialEq for Piece {
    fn eq(&self, other: &Piece) -> bool {
        self.picture == other.picture
    }
}

impl Eq for Piece {}

impl Hash for Piece {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.picture.hash(state);
    }
}

/// The position of a `hackenbush` component: its pictures, in the order
/// given. Two positions are equal when their pictures are, written the
/// same (whichever parser read them).
///
/// ```
/// use sprague::{Position, ruleset::hackenbush::Pictures, PositionData};
/// let p: Position = "hackenbush e(ee;e) eee".parse()?;
/// let pictures = Pictures::from_args(p.components()[0].args()).unwrap();
/// assert_eq!(pictures.len(), 2);
/// assert_eq!(pictures.get(1).unwrap().to_string(), "eee");
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pictures(Vec<Arc<Piece>>);

impl Pictures {
    /// The position with these pictures, in this order.
    pub fn new(pictures: impl IntoIterator<Item = Picture>) -> Pictures {
        Pictures(pictures.into_iter().map(piece).collect())
    }

    /// The number of pictures.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no picture.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Picture `i` (from 0).
    pub fn get(&self, i: usize) -> Option<&Picture> {
        self.0.get(i).map(|p| &p.picture)
    }

    /// The pictures, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Picture> {
        self.0.iter().map(|p| &p.picture)
    }

    /// The value of picture `i`, by the colon and fusion principles, in
    /// time proportional to its size (once: it is kept with the picture).
    fn value(&self, i: usize) -> u64 {
        let p = &self.0[i];
        *p.value.get_or_init(|| value::value(&p.picture))
    }
}

fn piece(picture: Picture) -> Arc<Piece> {
    Arc::new(Piece {
        picture,
        value: OnceLock::new(),
    })
}

crate::typed_position!(Pictures, {
    fn argument_count(&self) -> usize {
        self.len()
    }
    /// The edges of all the pictures.
    fn size(&self) -> usize {
        self.iter().map(Picture::edge_count).sum()
    }
});

/// The rules of `hackenbush` (they have no parameter: the pictures are the
/// position, [`Pictures`]).
///
/// ```
/// use sprague::Position;
/// let p: Position = "hackenbush e(ee;e) eee".parse()?;
/// // e(ee;e): a stalk of 1 under branches worth 2 and 1, so 1 + (2 ⊕ 1) = 4;
/// // with a stalk of 3 the sum is 4 ⊕ 3 = 7.
/// assert_eq!(p.grundy_value()?, 7);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Debug)]
pub struct Hackenbush;

impl Hackenbush {
    /// The lengths of the pictures when every one is a stalk.
    fn stalk_lengths(args: &Pictures) -> Option<Vec<u64>> {
        args.iter()
            .map(|p| p.stalk().map(|s| s.len() as u64))
            .collect()
    }

    fn cut_action(part: usize, edge: usize) -> Action {
        Action::Cut { part, edge }
    }
}

impl Rules for Hackenbush {
    type Position = Pictures;

    fn canonical(&self) -> String {
        "hackenbush".into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Cut
    }

    /// The pictures, their edges named as move text names them.
    fn shape(&self, args: &Pictures) -> Option<crate::drawing::Shape> {
        let pictures = args
            .iter()
            .map(|p| crate::drawing::PictureShape {
                vertices: p.vertices,
                edges: p.edges.iter().map(|&(u, v)| [u, v]).collect(),
                names: (0..p.edges.len()).map(|i| p.edge_name(i)).collect(),
            })
            .collect();
        Some(crate::drawing::Shape::Hackenbush { pictures })
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_position(&self, words: &[&str]) -> Result<Pictures, (usize, ArgumentError)> {
        let mut pictures = Vec::with_capacity(words.len());
        for (i, word) in words.iter().enumerate() {
            let picture = Picture::parse(word)
                .map_err(|e| (i, ArgumentError::BadPicture(e.to_string().into())))?;
            pictures.push(picture);
        }
        Ok(Pictures::new(pictures))
    }

    fn write_argument(&self, args: &Pictures, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        match args.get(index) {
            Some(p) => write!(f, "{p}"),
            None => Ok(()),
        }
    }

    fn argument_alone(&self, args: &Pictures, index: usize) -> Option<Pictures> {
        Some(Pictures(vec![args.0.get(index)?.clone()]))
    }

    fn valued(&self, args: &Pictures, _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((
            (0..args.len()).fold(0, |a, i| a ^ args.value(i)),
            HACKENBUSH,
        ))
    }

    fn closed_value(&self, args: &Pictures) -> Option<u64> {
        Some((0..args.len()).fold(0, |a, i| a ^ args.value(i)))
    }

    /// Misère play of stalks only: a stalk is a Nim heap of its length,
    /// so the misère Nim rule decides (no search).
    fn lone_outcome(&self, args: &Pictures, play: Play) -> Option<(Outcome, Basis)> {
        if play != Play::Misere {
            return None;
        }
        let lengths = Hackenbush::stalk_lengths(args)?;
        Some((nim::misere_outcome(&lengths), MISERE_STALKS))
    }

    fn lone_winning_moves(
        &self,
        args: &Pictures,
        play: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let lengths = match (play, Hackenbush::stalk_lengths(args)) {
            (Play::Misere, Some(lengths)) => lengths,
            _ => {
                return Err(Error::Internal(
                    "hackenbush decides only misère stalks without a search".into(),
                ))
            }
        };
        for (part, to) in nim::misere_winning_moves(&lengths) {
            // Cutting the edge `to` places up leaves `to` edges.
            let order = args.get(part).and_then(Picture::stalk).unwrap_or_default();
            if let Some(&edge) = order.get(to as usize) {
                if f(Hackenbush::cut_action(part, edge)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &Pictures, _: &Limits) -> Result<bool, Error> {
        Ok(args.iter().any(|p| p.edge_count() > 0))
    }

    fn moves(&self, args: &Pictures, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let total: u64 = args.iter().map(|p| p.edge_count() as u64).sum();
        super::reserve(out, total, limits)?;
        for (part, p) in args.iter().enumerate() {
            out.extend((0..p.edge_count()).map(|e| Hackenbush::cut_action(part, e)));
        }
        Ok(())
    }

    /// A picture of value g must become worth g ⊕ value ⊕ target.
    fn moves_to(
        &self,
        args: &Pictures,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let budget = (limits.max_states as u64).saturating_mul(64);
        for (part, picture) in args.iter().enumerate() {
            let want = args.value(part) ^ value ^ target;
            let cuts = value::cuts_to(picture, want, budget).map_err(|()| Error::CutLimit {
                edges: picture.edge_count(),
                limit: budget,
            })?;
            for e in cuts {
                if f(Hackenbush::cut_action(part, e)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &Pictures,
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (0..args.len())
            .filter(|&i| args.get(i).is_some_and(|p| p.edge_count() > 0))
            .collect();
        if live.is_empty() {
            return Ok(None);
        }
        let part = live[pick(live.len() as u64) as usize];
        let edges = args.get(part).map_or(0, Picture::edge_count);
        let edge = pick(edges as u64) as usize;
        Ok(Some(Hackenbush::cut_action(part, edge)))
    }

    fn check(&self, word: &str, args: &Pictures, action: &Action) -> Result<(), IllegalMoveKind> {
        let Action::Cut { part, edge } = *action else {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move cuts one edge of one picture",
            });
        };
        let Some(p) = args.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Picture,
                index: part,
                count: args.len(),
            });
        };
        let edges = p.edge_count();
        if edge >= edges {
            return Err(IllegalMoveKind::NoSuchEdge {
                picture: part,
                edge: edge + 1,
                count: edges,
            });
        }
        Ok(())
    }

    fn apply(&self, args: &mut Pictures, action: &Action) {
        if let Action::Cut { part, edge } = *action {
            if let Some(slot) = args.0.get_mut(part) {
                *slot = piece(slot.picture.cut(edge));
            }
        }
    }

    /// Pictures are interchangeable, and an empty one is nothing: the
    /// non-empty pictures in the order of their notation.
    fn canonicalize(&self, args: &mut Pictures) {
        args.0.retain(|p| p.picture.edge_count() > 0);
        args.0.sort_by_cached_key(|p| p.picture.to_string());
    }

    fn write_move(
        &self,
        word: &str,
        args: &Pictures,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Cut { part, edge } = *action else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let Some(picture) = args.get(part) else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        // Edges by number (the k-th e, or the k-th u-v of an edge list,
        // which also says which vertices it joins: repeated edges share a
        // u-v but not a number).
        if edge >= picture.edge_count() {
            return crate::ruleset::write_action(word, action, form, f);
        }
        let (n, k) = (part + 1, picture.edge_number(edge));
        let joins = match picture.notation {
            picture::Notation::String => String::new(),
            _ => format!(" ({})", picture.edge_name(edge)),
        };
        match form {
            MoveForm::Listed => write!(f, "{word} picture {n}: cut edge {k}{joins}"),
            MoveForm::Short => write!(f, "{n} {k}"),
            // In words, a small picture before and after the cut (a big
            // one would fill the screen).
            _ if picture.edge_count() > WORDS_EDGES
                || picture.notation == picture::Notation::File =>
            {
                write!(f, "cut edge {k}{joins} of picture {n}")
            }
            _ => {
                let after = picture.cut(edge);
                write!(
                    f,
                    "cut edge {k}{joins} of picture {n} ({picture} -> {after})"
                )
            }
        }
    }

    fn move_summary(&self) -> Option<String> {
        Some("cut one edge; what no longer reaches the ground falls".into())
    }

    fn value_note(&self, word: &str) -> String {
        format!(
            "Each picture of {word} is a game of its own. By the fusion principle the \
             vertices of a cycle fuse into one, its edges becoming loops worth 1 each; by the \
             colon principle a branch worth g is a stalk of g edges, and a vertex is worth \
             the nim-sum of 1 + the value of each branch above it."
        )
    }

    fn value_steps(&self, args: &Pictures) -> Vec<String> {
        args.iter()
            .enumerate()
            .flat_map(|(i, p)| {
                value::steps(p)
                    .into_iter()
                    .map(move |s| format!("picture {}: {s}", i + 1))
            })
            .collect()
    }

    fn named_move(&self, args: &Pictures, place: usize, name: &str) -> Option<Action> {
        let edge = args.get(place)?.find_edge(name)?;
        Some(Hackenbush::cut_action(place, edge))
    }

    fn actions_between(&self, before: &Pictures, after: &Pictures) -> Vec<Action> {
        if before.len() != after.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before.get(i) != after.get(i))
            .collect();
        let [part] = changed[..] else {
            return Vec::new();
        };
        let (Some(picture), Some(wanted)) = (before.get(part), after.get(part)) else {
            return Vec::new();
        };
        let wanted = wanted.to_string();
        (0..picture.edge_count())
            .filter(|&e| picture.cut(e).to_string() == wanted)
            .map(|e| Hackenbush::cut_action(part, e))
            .collect()
    }
}

parse_without_parameter!(
    "hackenbush",
    "hackenbush takes no parameter: write the pictures, e.g. hackenbush e(ee;e) 0-1,1-2",
    Hackenbush
);
