//! The rules shared by the games in which a move removes vertices of a
//! graph ([`removal`](super::removal)): Node Kayles, Arc Kayles and Cram.
//! Each has its own position type (a list of graphs or boards, each a
//! [`Part`]) and its module gives the word, the kind of move and the
//! notes; the moves, values and winning moves are here.

use std::fmt;
use std::ops::ControlFlow;

use super::removal::{Engine, Kind};
use super::rules::{Rules, Visit};
use super::undirected::Part;
use super::{ArgumentError, MoveKind};
use crate::args::PositionData;
use crate::{Action, Basis, Error, IllegalMoveKind, Limits, MoveForm, Place};

/// A position of a game on graphs: its parts, in order.
pub(crate) trait GraphPosition: PositionData {
    /// The parts.
    fn parts(&self) -> &[Part];
    /// The parts, to change.
    fn parts_mut(&mut self) -> &mut Vec<Part>;
    /// The position of these parts.
    fn from_parts(parts: Vec<Part>) -> Self;
}

/// Implements [`PositionData`] and [`GraphPosition`] for a newtype of
/// `Vec<Part>`.
macro_rules! graph_position {
    ($t:ident) => {
        impl $crate::PositionData for $t {
            fn into_args(self) -> $crate::Args {
                $crate::Args::from_typed(self)
            }
            fn from_args(args: &$crate::Args) -> Option<&Self> {
                args.typed::<Self>()
            }
            fn from_args_mut(args: &mut $crate::Args) -> Option<&mut Self> {
                $crate::args_typed_mut::<Self>(args)
            }
            fn argument_count(&self) -> usize {
                self.0.len()
            }
            /// The vertices still in play, over all parts.
            fn size(&self) -> usize {
                self.0.iter().map(|p| p.alive.count()).sum()
            }
        }
        impl super::graphgame::GraphPosition for $t {
            fn parts(&self) -> &[$crate::ruleset::undirected::Part] {
                &self.0
            }
            fn parts_mut(&mut self) -> &mut Vec<$crate::ruleset::undirected::Part> {
                &mut self.0
            }
            fn from_parts(parts: Vec<$crate::ruleset::undirected::Part>) -> Self {
                $t(parts)
            }
        }
    };
}
pub(crate) use graph_position;

/// What a ruleset of this family says about itself.
#[derive(Debug)]
pub(crate) struct Spec {
    pub word: &'static str,
    pub kind: Kind,
    /// Whether the parts are boards (`..#/...`, `RxC`).
    pub board: bool,
    pub summary: &'static str,
    pub note: &'static str,
}

/// The rules of one game of this family, with its search table.
#[derive(Debug)]
pub(crate) struct GraphRules<P> {
    spec: Spec,
    engine: Engine,
    _position: std::marker::PhantomData<fn() -> P>,
}

impl<P> GraphRules<P> {
    pub(crate) fn new(spec: Spec) -> GraphRules<P> {
        GraphRules {
            engine: Engine::new(spec.kind),
            spec,
            _position: std::marker::PhantomData,
        }
    }

    /// Every move of `part` number `index`.
    fn part_moves(&self, index: usize, part: &Part, out: &mut Vec<Action>) {
        for u in part.alive.iter() {
            match self.spec.kind {
                Kind::Node => out.push(Action::Pick {
                    part: index,
                    at: u64::from(u),
                    and: None,
                }),
                Kind::Arc => {
                    for v in part.live_neighbours(u).filter(|&v| v > u) {
                        out.push(Action::Pick {
                            part: index,
                            at: u64::from(u),
                            and: Some(u64::from(v)),
                        });
                    }
                }
            }
        }
    }

    fn move_count(&self, part: &Part) -> u64 {
        match self.spec.kind {
            Kind::Node => part.alive.count() as u64,
            Kind::Arc => {
                part.alive
                    .iter()
                    .map(|u| part.live_neighbours(u).count() as u64)
                    .sum::<u64>()
                    / 2
            }
        }
    }

    /// `part` after the move taking `at` (and `and`).
    fn after(&self, part: &Part, at: u32, and: Option<u32>) -> Part {
        let mut p = part.clone();
        match self.spec.kind {
            Kind::Node => {
                for w in part.live_neighbours(at) {
                    p.alive.clear(w);
                }
                p.alive.clear(at);
            }
            Kind::Arc => {
                p.alive.clear(at);
                if let Some(b) = and {
                    p.alive.clear(b);
                }
            }
        }
        p
    }

    /// The name of a move's vertex, edge or domino.
    fn move_name(part: &Part, at: u64, and: Option<u64>) -> String {
        let name = |v: u64| {
            u32::try_from(v)
                .ok()
                .filter(|&v| (v as usize) < part.graph.len())
                .map_or_else(|| v.to_string(), |v| part.graph.name(v).to_string())
        };
        match and {
            Some(b) => format!("{}-{}", name(at), name(b)),
            None => name(at),
        }
    }
}

impl<P: GraphPosition> Rules for GraphRules<P> {
    type Position = P;

    fn canonical(&self) -> String {
        self.spec.word.into()
    }

    fn move_kind(&self) -> MoveKind {
        MoveKind::Pick
    }

    fn has_named_arguments(&self) -> bool {
        true
    }

    /// Boards as their cells (a move a domino), graphs laid out (a move a
    /// vertex or an edge); `None` when one is too large to draw.
    fn shape(&self, args: &P) -> Option<crate::drawing::Shape> {
        use crate::drawing::{drawable, CellBoard, Piece, Shape};
        use crate::ruleset::network::network;
        if !self.spec.board {
            let parts = args.parts().iter().map(|p| network(p, None));
            return Some(Shape::Network {
                parts: parts.collect::<Option<_>>()?,
            });
        }
        let boards = args.parts().iter().map(|p| {
            let (rows, cols) = p.graph.board_size()?;
            if !drawable(rows as u64, cols as u64) {
                return None;
            }
            let v = |r: usize, c: usize| (r * cols + c) as u32;
            Some(CellBoard::new(
                rows,
                cols,
                |r, c| if p.alive.has(v(r, c)) { '.' } else { '#' },
                |r, c| p.graph.name(v(r, c)).to_string(),
            ))
        });
        Some(Shape::Cells {
            boards: boards.collect::<Option<_>>()?,
            piece: Piece::Domino,
        })
    }

    fn parse_position(&self, words: &[&str]) -> Result<P, (usize, ArgumentError)> {
        let mut parts = Vec::with_capacity(words.len());
        for (i, word) in words.iter().enumerate() {
            let part = Part::parse(word, self.spec.board)
                .map_err(|e| (i, ArgumentError::BadShape(e.into())))?;
            parts.push(part);
        }
        Ok(P::from_parts(parts))
    }

    fn write_argument(&self, args: &P, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
        match args.parts().get(index) {
            Some(p) => p.graph.write(&p.alive, f),
            None => Ok(()),
        }
    }

    fn argument_alone(&self, args: &P, index: usize) -> Option<P> {
        Some(P::from_parts(vec![args.parts().get(index)?.clone()]))
    }

    fn valued(&self, args: &P, limits: &Limits) -> Result<(u64, Basis), Error> {
        let mut g = 0;
        let mut how = super::removal::How::default();
        for part in args.parts() {
            let (v, h) = self.engine.part_value(part, limits)?;
            g ^= v;
            how.octal |= h.octal;
            how.searched |= h.searched;
            how.intervals |= h.intervals;
            how.work += h.work;
        }
        Ok((g, self.engine.basis(how, self.engine.stored())))
    }

    fn closed_value(&self, _: &P) -> Option<u64> {
        None
    }

    fn few_winning_moves(&self) -> bool {
        false
    }

    fn has_moves(&self, args: &P, _: &Limits) -> Result<bool, Error> {
        Ok(args.parts().iter().any(|p| self.move_count(p) > 0))
    }

    fn moves(&self, args: &P, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
        let total: u64 = args.parts().iter().map(|p| self.move_count(p)).sum();
        super::reserve(out, total, limits)?;
        for (i, p) in args.parts().iter().enumerate() {
            self.part_moves(i, p, out);
        }
        Ok(())
    }

    /// A part worth g must become worth g ⊕ value ⊕ target: so one of its
    /// connected components, worth c, must become worth c ⊕ value ⊕
    /// target. A path, a cycle or a complete component finds those moves by
    /// its reduction in time linear in its size (a path of 4,000 vertices
    /// is answered from the octal game's values, not by valuing 4,000
    /// graphs); any other is searched (`Engine::moves_in_component`).
    fn moves_to(
        &self,
        args: &P,
        value: u64,
        target: u64,
        limits: &Limits,
        f: Visit<'_, Action>,
    ) -> Result<ControlFlow<()>, Error> {
        for (i, part) in args.parts().iter().enumerate() {
            let comps = part.components();
            let mut values = Vec::with_capacity(comps.len());
            for comp in &comps {
                let mut how = super::removal::How::default();
                values.push(self.engine.component_value(part, comp, limits, &mut how)?);
            }
            let mut found = Vec::new();
            for (comp, &c) in comps.iter().zip(&values) {
                let need = c ^ value ^ target;
                found.extend(self.engine.moves_in_component(part, comp, need, limits)?);
            }
            found.sort_unstable();
            for (at, and) in found {
                let action = Action::Pick {
                    part: i,
                    at: u64::from(at),
                    and: and.map(u64::from),
                };
                if f(action).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn check(&self, word: &str, args: &P, action: &Action) -> Result<(), IllegalMoveKind> {
        let Action::Pick { part, at, and } = *action else {
            return Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: self.spec.summary,
            });
        };
        let Some(p) = args.parts().get(part) else {
            return Err(IllegalMoveKind::NoSuch {
                place: Place::Part,
                index: part,
                count: args.parts().len(),
            });
        };
        let live = |v: u64| u32::try_from(v).is_ok_and(|v| p.alive.has(v));
        let legal = match (self.spec.kind, and) {
            (Kind::Node, None) => live(at),
            (Kind::Arc, Some(b)) => {
                live(at) && live(b) && p.graph.neighbours(at as u32).contains(&(b as u32))
            }
            _ => false,
        };
        if legal {
            Ok(())
        } else {
            Err(IllegalMoveKind::Forbidden {
                ruleset: word.into(),
                rule: self.spec.summary,
            })
        }
    }

    fn apply(&self, args: &mut P, action: &Action) {
        if let Action::Pick { part, at, and } = *action {
            if let Some(p) = args.parts_mut().get_mut(part) {
                *p = self.after(p, at as u32, and.map(|b| b as u32));
            }
        }
    }

    /// Parts with no move are nothing (every move of Arc Kayles needs an
    /// edge); the rest in the order of their notation.
    fn canonicalize(&self, args: &mut P) {
        let kind = self.spec.kind;
        args.parts_mut().retain(|p| match kind {
            Kind::Node => p.alive.count() > 0,
            Kind::Arc => p
                .alive
                .iter()
                .any(|u| p.live_neighbours(u).next().is_some()),
        });
        args.parts_mut().sort_by_cached_key(|p| p.to_string());
    }

    fn write_move(
        &self,
        word: &str,
        args: &P,
        action: &Action,
        form: MoveForm,
        f: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let Action::Pick { part, at, and } = *action else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let Some(p) = args.parts().get(part) else {
            return crate::ruleset::write_action(word, action, form, f);
        };
        let mut name = Self::move_name(p, at, and);
        let n = part + 1;
        let noun = match (self.spec.kind, self.spec.board) {
            (Kind::Node, _) if p.graph.intervals().is_some() => "interval",
            (Kind::Node, _) => "vertex",
            (Kind::Arc, false) => "edge",
            (Kind::Arc, true) => "domino",
        };
        // An interval is named by its place in the list and shown as the
        // closed interval it is: `interval 2 [2, 4]`.
        if let (Some(spans), Kind::Node, false) = (
            p.graph.intervals(),
            self.spec.kind,
            matches!(form, MoveForm::Listed | MoveForm::Short),
        ) {
            if let Some(&(l, r)) = usize::try_from(at).ok().and_then(|i| spans.get(i)) {
                name = format!("{name} [{l}, {r}]");
            }
        }
        let after = self.after(p, at as u32, and.map(|b| b as u32));
        match form {
            MoveForm::Listed if args.parts().len() == 1 => {
                write!(f, "{word} take {name} (-> {after})")
            }
            MoveForm::Listed => write!(f, "{word} part {n}: take {name} (-> {after})"),
            MoveForm::Short if args.parts().len() == 1 => write!(f, "{name}"),
            MoveForm::Short => write!(f, "{n} {name}"),
            _ if args.parts().len() == 1 => write!(f, "take {noun} {name} ({p} -> {after})"),
            _ => write!(f, "take {noun} {name} of part {n} ({p} -> {after})"),
        }
    }

    fn named_move(&self, args: &P, place: usize, name: &str) -> Option<Action> {
        let p = args.parts().get(place)?;
        let g = &p.graph;
        match self.spec.kind {
            Kind::Node => Some(Action::Pick {
                part: place,
                at: u64::from(g.vertex(name)?),
                and: None,
            }),
            Kind::Arc => {
                let (a, b) = name.split_once('-')?;
                let (a, b) = (g.vertex(a)?, g.vertex(b)?);
                Some(Action::Pick {
                    part: place,
                    at: u64::from(a.min(b)),
                    and: Some(u64::from(a.max(b))),
                })
            }
        }
    }

    fn actions_between(&self, before: &P, after: &P) -> Vec<Action> {
        let (b, a) = (before.parts(), after.parts());
        if b.len() != a.len() {
            return Vec::new();
        }
        // Compared as written: a board read back from its rows is the same
        // position as the size it was first written as.
        let changed: Vec<usize> = (0..b.len())
            .filter(|&i| b[i].to_string() != a[i].to_string())
            .collect();
        let wanted = a[changed.first().copied().unwrap_or(0)].to_string();
        let [i] = changed[..] else {
            return Vec::new();
        };
        let mut actions = Vec::new();
        self.part_moves(i, &b[i], &mut actions);
        actions
            .into_iter()
            .filter(|action| match *action {
                Action::Pick { at, and, .. } => {
                    self.after(&b[i], at as u32, and.map(|x| x as u32))
                        .to_string()
                        == wanted
                }
                _ => false,
            })
            .collect()
    }

    fn value_note(&self, _: &str) -> String {
        self.spec.note.into()
    }

    /// The vertex, or the edge's (domino's) two ends, lower first.
    fn pick_names(&self, args: &P, action: &Action) -> Option<super::PickNames> {
        let Action::Pick { part, at, and } = *action else {
            return None;
        };
        let p = args.parts().get(part)?;
        let name = |v: u64| {
            u32::try_from(v)
                .ok()
                .filter(|&v| (v as usize) < p.graph.len())
                .map(|v| p.graph.name(v).to_string())
        };
        let mut names = vec![name(at)?];
        if let Some(b) = and {
            names.push(name(b)?);
        }
        Some(super::PickNames::Taken { part, names })
    }

    fn move_summary(&self) -> Option<String> {
        Some(self.spec.summary.into())
    }
}
