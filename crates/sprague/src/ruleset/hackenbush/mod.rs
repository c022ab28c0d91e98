//! Green Hackenbush: pictures of green edges standing on the ground; a
//! move cuts one edge, and whatever is no longer connected to the ground
//! falls away (Winning Ways, ch. 7; Conway, On Numbers and Games, ch. 7).
//!
//! A component `hackenbush P1 P2 ...` is the sum of its pictures, each
//! written in CGSuite's string notation (`e(ee;e)`, `:Aeee:A`) or as an
//! edge list (`0-1,1-2,2-0`); see [`picture`]. Every picture is a game of
//! its own, worth the value the fusion and colon principles give it in
//! linear time (`value`); the winning cuts are found by pushing the
//! target value up the tree of bridges.
//!
//! The arguments of a component are pictures, which the ruleset keeps: each
//! argument is the number of a picture in the ruleset's store (pictures are
//! stored once, with their values). A ruleset made by one parser is shared
//! by the positions it reads; positions read by different parsers are never
//! equal (their rulesets differ).

pub mod picture;
pub(crate) mod value;

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::nim;
use super::rules::{Pick, Rules, Visit};
use super::{ArgumentError, MoveKind};
use crate::error::ParseErrorKind;
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

/// Numbers the rulesets made, so that each has its own store.
static INSTANCES: AtomicU64 = AtomicU64::new(0);

/// The pictures met so far, each stored once with its value (found when
/// first asked for: a position written out after a move needs none).
#[derive(Default)]
struct Store {
    pictures: Vec<Arc<Picture>>,
    values: Vec<Option<u64>>,
    index: HashMap<Arc<Picture>, u64>,
}

/// The rules of `hackenbush`, with the store of its pictures.
///
/// ```
/// use sprague::Position;
/// let p: Position = "hackenbush e(ee;e) eee".parse()?;
/// // e(ee;e): a stalk of 1 under branches worth 2 and 1, so 1 + (2 ⊕ 1) = 4;
/// // with a stalk of 3 the sum is 4 ⊕ 3 = 7.
/// assert_eq!(p.grundy_value()?, 7);
/// # Ok::<(), sprague::Error>(())
/// ```
pub struct Hackenbush {
    instance: u64,
    store: Mutex<Store>,
}

impl fmt::Debug for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hackenbush(store {})", self.instance)
    }
}

impl Hackenbush {
    fn new() -> Hackenbush {
        Hackenbush {
            instance: INSTANCES.fetch_add(1, Ordering::Relaxed),
            store: Mutex::new(Store::default()),
        }
    }

    fn store(&self) -> MutexGuard<'_, Store> {
        // A panic elsewhere cannot leave the store half-written: every
        // change is one push and one insert.
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of `picture` in the store (stored now if new).
    fn intern(&self, picture: Picture) -> u64 {
        let mut store = self.store();
        if let Some(&id) = store.index.get(&picture) {
            return id;
        }
        let id = store.pictures.len() as u64;
        let picture = Arc::new(picture);
        store.pictures.push(picture.clone());
        store.values.push(None);
        store.index.insert(picture, id);
        id
    }

    /// The picture numbered `id`.
    pub(crate) fn picture(&self, id: u64) -> Arc<Picture> {
        let store = self.store();
        store
            .pictures
            .get(id as usize)
            .cloned()
            .unwrap_or_else(|| Arc::new(Picture::empty(picture::Notation::String)))
    }

    fn value(&self, id: u64) -> u64 {
        if let Some(Some(v)) = self.store().values.get(id as usize) {
            return *v;
        }
        // Valued outside the lock (it may take a while for a big picture).
        let v = value::value(&self.picture(id));
        if let Some(slot) = self.store().values.get_mut(id as usize) {
            *slot = Some(v);
        }
        v
    }

    /// The lengths of the pictures when every one is a stalk.
    fn stalk_lengths(&self, args: &[u64]) -> Option<Vec<u64>> {
        args.iter()
            .map(|&p| self.picture(p).stalk().map(|s| s.len() as u64))
            .collect()
    }

    fn cut_action(part: usize, from: u64, edge: usize) -> Action {
        Action::Cut { part, from, edge }
    }
}

impl Rules for Hackenbush {
    fn canonical(&self) -> String {
        format!("hackenbush#{}", self.instance)
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Cut
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    fn parse_argument(&self, word: &str) -> Result<u64, ArgumentError> {
        Picture::parse(word)
            .map(|p| self.intern(p))
            .map_err(|e| ArgumentError::BadPicture(e.to_string().into()))
    }

    fn write_argument(&self, arg: u64, f: &mut dyn fmt::Write) -> fmt::Result {
        write!(f, "{}", self.picture(arg))
    }

    fn check_arguments(&self, args: &[u64]) -> Result<(), ArgumentError> {
        let count = self.store().pictures.len() as u64;
        match args.iter().find(|&&a| a >= count) {
            Some(a) => Err(ArgumentError::BadPicture(
                format!("no picture numbered {a} in this ruleset's store").into(),
            )),
            None => Ok(()),
        }
    }

    fn valued(&self, args: &[u64], _: &Limits) -> Result<(u64, Basis), Error> {
        Ok((args.iter().fold(0, |a, &p| a ^ self.value(p)), HACKENBUSH))
    }

    fn closed_value(&self, args: &[u64]) -> Option<u64> {
        Some(args.iter().fold(0, |a, &p| a ^ self.value(p)))
    }

    /// Misère play of stalks only: a stalk is a Nim heap of its length,
    /// so the misère Nim rule decides (no search).
    fn lone_outcome(&self, args: &[u64], play: Play) -> Option<(Outcome, Basis)> {
        if play != Play::Misere {
            return None;
        }
        let lengths = self.stalk_lengths(args)?;
        Some((nim::misere_outcome(&lengths), MISERE_STALKS))
    }

    fn lone_winning_moves(
        &self,
        args: &[u64],
        play: Play,
        _: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let lengths = match (play, self.stalk_lengths(args)) {
            (Play::Misere, Some(lengths)) => lengths,
            _ => {
                return Err(Error::Internal(
                    "hackenbush decides only misère stalks without a search".into(),
                ))
            }
        };
        for (part, to) in nim::misere_winning_moves(&lengths) {
            // Cutting the edge `to` places up leaves `to` edges.
            let order = self.picture(args[part]).stalk().unwrap_or_default();
            if let Some(&edge) = order.get(to as usize) {
                if f(Hackenbush::cut_action(part, args[part], edge)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &[u64], _: &Limits) -> Result<bool, Error> {
        Ok(args.iter().any(|&p| self.picture(p).edge_count() > 0))
    }

    fn moves(&self, args: &[u64], limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let total: u64 = args
            .iter()
            .map(|&p| self.picture(p).edge_count() as u64)
            .sum();
        super::reserve(out, total, limits)?;
        for (part, &p) in args.iter().enumerate() {
            let edges = self.picture(p).edge_count();
            out.extend((0..edges).map(|e| Hackenbush::cut_action(part, p, e)));
        }
        Ok(())
    }

    /// A picture of value g must become worth g ⊕ value ⊕ target.
    fn moves_to(
        &self,
        args: &[u64],
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        let budget = (limits.max_states as u64).saturating_mul(64);
        for (part, &p) in args.iter().enumerate() {
            let want = self.value(p) ^ value ^ target;
            let picture = self.picture(p);
            let cuts = value::cuts_to(&picture, want, budget).map_err(|()| Error::CutLimit {
                edges: picture.edge_count(),
                limit: budget,
            })?;
            for e in cuts {
                if f(Hackenbush::cut_action(part, p, e)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn random_move(
        &self,
        args: &[u64],
        _: &Limits,
        pick: Pick<'_>,
    ) -> Result<Option<Action>, Error> {
        let live: Vec<usize> = (0..args.len())
            .filter(|&i| self.picture(args[i]).edge_count() > 0)
            .collect();
        if live.is_empty() {
            return Ok(None);
        }
        let part = live[pick(live.len() as u64) as usize];
        let edges = self.picture(args[part]).edge_count();
        let edge = pick(edges as u64) as usize;
        Ok(Some(Hackenbush::cut_action(part, args[part], edge)))
    }

    fn check(&self, word: &str, args: &[u64], action: &Action) -> Result<(), IllegalMoveKind> {
        let Action::Cut { part, from, edge } = *action else {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "a move cuts one edge of one picture",
            });
        };
        let Some(&p) = args.get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Picture,
                index: part,
                count: args.len(),
            });
        };
        if p != from {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: "the move was made in another picture than the one in this place",
            });
        }
        let edges = self.picture(p).edge_count();
        if edge >= edges {
            return Err(IllegalMoveKind::NoSuchEdge {
                picture: part,
                edge: edge + 1,
                count: edges,
            });
        }
        Ok(())
    }

    fn apply(&self, args: &mut Vec<u64>, action: &Action) {
        if let Action::Cut { part, edge, .. } = *action {
            let after = self.picture(args[part]).cut(edge);
            args[part] = self.intern(after);
        }
    }

    /// Pictures are interchangeable, and an empty one is nothing.
    fn canonicalize(&self, args: &mut Vec<u64>) {
        args.retain(|&p| self.picture(p).edge_count() > 0);
        args.sort_unstable();
    }

    fn write_move(
        &self,
        word: &str,
        args: &[u64],
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Cut { part, from, edge } = *action else {
            return crate::movetext::write_action(word, action, form, f);
        };
        let _ = args;
        // Edges by number (the k-th e, or the k-th u-v of an edge list,
        // which also says which vertices it joins: repeated edges share a
        // u-v but not a number).
        let picture = self.picture(from);
        let (n, k) = (part + 1, edge + 1);
        let joins = match picture.notation {
            picture::Notation::EdgeList if edge < picture.edge_count() => {
                format!(" ({})", picture.edge_name(edge))
            }
            _ => String::new(),
        };
        match form {
            MoveForm::Listed => write!(f, "{word} picture {n}: cut edge {k}{joins}"),
            MoveForm::Short => write!(f, "{n} {k}"),
            // In words, a small picture before and after the cut (a big
            // one would fill the screen).
            _ if picture.edge_count() > WORDS_EDGES || edge >= picture.edge_count() => {
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

    fn value_steps(&self, args: &[u64]) -> Vec<String> {
        args.iter()
            .enumerate()
            .flat_map(|(i, &p)| {
                value::steps(&self.picture(p))
                    .into_iter()
                    .map(move |s| format!("picture {}: {s}", i + 1))
            })
            .collect()
    }

    fn named_move(&self, args: &[u64], place: usize, name: &str) -> Option<Action> {
        let id = *args.get(place)?;
        let edge = self.picture(id).find_edge(name)?;
        Some(Hackenbush::cut_action(place, id, edge))
    }

    fn actions_between(&self, before: &[u64], after: &[u64]) -> Vec<Action> {
        if before.len() != after.len() {
            return Vec::new();
        }
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        let [part] = changed[..] else {
            return Vec::new();
        };
        let picture = self.picture(before[part]);
        let wanted = self.picture(after[part]).to_string();
        (0..picture.edge_count())
            .filter(|&e| picture.cut(e).to_string() == wanted)
            .map(|e| Hackenbush::cut_action(part, before[part], e))
            .collect()
    }
}

/// Parses `hackenbush` (which takes no parameter).
pub(crate) fn parse(
    _: &str,
    _: &str,
    param: Option<&str>,
) -> Result<Box<dyn Rules>, ParseErrorKind> {
    super::no_parameter(
        param,
        "hackenbush takes no parameter: write the pictures, e.g. hackenbush e(ee;e) 0-1,1-2",
    )?;
    Ok(Box::new(Hackenbush::new()))
}
