//! What the games of one token on a graph share (`geography`, `stones`):
//! a component is a list of tokens, each on its own graph; a move slides
//! one token to a vertex ([`Action::Pick`] with the token's index and the
//! vertex); a token's Grundy value, where no theorem gives it, is the mex
//! of its options' values by a memoised search. Each game gives its token
//! type ([`GraphToken`]) and its own theorem; the search, the move checks
//! and the move text are written here once.

use std::fmt;
use std::hash::Hash;
use std::ops::ControlFlow;

use rustc_hash::FxHashMap as HashMap;

use super::rules::Visit;
use crate::{Action, Error, IllegalMoveKind, Limits, MoveForm, Place};

/// One token on its graph, as a game of its own.
pub(crate) trait GraphToken: Clone + Eq + Hash + fmt::Display {
    /// The vertices the token may move to, in increasing order.
    fn targets(&self) -> Vec<u64>;
    /// The token after moving to `u` (one of [`GraphToken::targets`]).
    fn moved(&self, u: u64) -> Self;
    /// The name of vertex `u`, if it is one.
    fn vertex_name(&self, u: u64) -> Option<String>;
    /// The vertex named `name`.
    fn vertex_named(&self, name: &str) -> Option<u64>;
    /// The token's vertex.
    fn vertex(&self) -> u64;
}

/// A game's winning moves of one token to a P-position (its theorem's),
/// each vertex to the visitor until it breaks.
pub(crate) type ToZero<'a, T> =
    &'a dyn Fn(&T, &mut dyn FnMut(u64) -> ControlFlow<()>) -> Result<ControlFlow<()>, Error>;

/// A game's value of one token, and whether a search found it.
pub(crate) type ValueOf<'a, T> = &'a dyn Fn(&T) -> Result<(u32, bool), Error>;

/// The methods of [`Rules`](super::Rules) that every game of tokens on
/// graphs writes alike, for a position type `$pos` (a tuple struct of its
/// tokens), its move in words `$summary`, and the phrases of its moves
/// (`$noun`, `$verb`: "token", "move"); used inside `impl Rules`.
macro_rules! token_rules {
    ($pos:ty, $summary:expr, $noun:literal, $verb:literal) => {
        fn has_moves(&self, args: &$pos, _: &Limits) -> Result<bool, Error> {
            Ok(args.0.iter().any(|t| !t.targets().is_empty()))
        }

        fn moves(&self, args: &$pos, limits: &Limits, out: &mut Vec<Action>) -> Result<(), Error> {
            $crate::ruleset::token_games::moves(&args.0, limits, out)
        }

        fn check(&self, word: &str, args: &$pos, action: &Action) -> Result<(), IllegalMoveKind> {
            $crate::ruleset::token_games::check(word, &args.0, action, $summary)
        }

        fn apply(&self, args: &mut $pos, action: &Action) {
            $crate::ruleset::token_games::apply(&mut args.0, action);
        }

        /// Tokens with no move are nothing; the rest in the order of
        /// their notation.
        fn canonicalize(&self, args: &mut $pos) {
            $crate::ruleset::token_games::canonicalize(&mut args.0);
        }

        fn write_move(
            &self,
            word: &str,
            args: &$pos,
            action: &Action,
            form: MoveForm,
            f: &mut dyn fmt::Write,
        ) -> fmt::Result {
            let phrases = $crate::ruleset::token_games::Phrases {
                noun: $noun,
                verb: $verb,
            };
            $crate::ruleset::token_games::write_move(word, &args.0, action, form, &phrases, f)
        }

        fn named_move(&self, args: &$pos, place: usize, name: &str) -> Option<Action> {
            $crate::ruleset::token_games::named_move(&args.0, place, name)
        }

        fn actions_between(&self, before: &$pos, after: &$pos) -> Vec<Action> {
            $crate::ruleset::token_games::actions_between(&before.0, &after.0)
        }

        /// The token's vertex before and after.
        fn pick_names(&self, args: &$pos, action: &Action) -> Option<$crate::ruleset::PickNames> {
            $crate::ruleset::token_games::pick_names(&args.0, action)
        }

        fn move_summary(&self) -> Option<String> {
            Some($summary.into())
        }

        fn write_argument(&self, args: &$pos, index: usize, f: &mut dyn fmt::Write) -> fmt::Result {
            $crate::ruleset::token_games::write_token(&args.0, index, f)
        }

        fn argument_alone(&self, args: &$pos, index: usize) -> Option<$pos> {
            Some(Self::Position::from(vec![args.0.get(index)?.clone()]))
        }
    };
}
pub(crate) use token_rules;

/// Reads each word of a component as a token with `parse`.
///
/// # Errors
/// The index of the first word that is not a token, and why.
pub(crate) fn parse_tokens<T>(
    words: &[&str],
    parse: fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, (usize, super::ArgumentError)> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| parse(w).map_err(|e| (i, super::ArgumentError::BadShape(e.into()))))
        .collect()
}

/// Writes token `index` as its word.
pub(crate) fn write_token<T: GraphToken>(
    tokens: &[T],
    index: usize,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    match tokens.get(index) {
        Some(t) => write!(f, "{t}"),
        None => Ok(()),
    }
}

/// The nim-sum of the tokens' values (`value_of` gives each value and
/// whether a search found it), with the basis: `theorem` when none was
/// searched, else the search and the positions it holds (`stored`).
///
/// # Errors
/// Those of `value_of`.
pub(crate) fn valued<T: GraphToken>(
    tokens: &[T],
    value_of: ValueOf<'_, T>,
    stored: &dyn Fn() -> u64,
    theorem: crate::Basis,
) -> Result<(u64, crate::Basis), Error> {
    let mut g = 0;
    let mut searched = false;
    for t in tokens {
        let (v, s) = value_of(t)?;
        g ^= u64::from(v);
        searched |= s;
    }
    let basis = if searched {
        crate::Basis::Search {
            positions: stored(),
        }
    } else {
        theorem
    };
    Ok((g, basis))
}

/// The move of token `part` to vertex `u`.
pub(crate) fn pick(part: usize, u: u64) -> Action {
    Action::Pick {
        part,
        at: u,
        and: None,
    }
}

/// The least value not among `values`.
fn mex(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

/// One frame of the value search: a token, its moves, the next to try
/// and the values of those tried.
struct Frame<T> {
    token: T,
    moves: Vec<u64>,
    next: usize,
    values: Vec<u32>,
}

impl<T: GraphToken> Frame<T> {
    fn new(token: T) -> Frame<T> {
        Frame {
            moves: token.targets(),
            token,
            next: 0,
            values: Vec::new(),
        }
    }
}

/// The Grundy value of `t` by the definition: a depth-first search without
/// recursion, every value found kept in `table` (shared by the positions
/// of a run).
///
/// # Errors
/// [`Error::StateLimit`] when the table and the search's stack would hold
/// `limits.max_states` tokens; the time and memory limits.
pub(crate) fn searched_value<T: GraphToken>(
    table: &mut HashMap<T, u32>,
    t: &T,
    limits: &Limits,
) -> Result<u32, Error> {
    if let Some(&g) = table.get(t) {
        return Ok(g);
    }
    let mut stack = vec![Frame::new(t.clone())];
    while let Some(top) = stack.last_mut() {
        if let Some(&u) = top.moves.get(top.next) {
            top.next += 1;
            let child = top.token.moved(u);
            if let Some(&g) = table.get(&child) {
                top.values.push(g);
                continue;
            }
            crate::budget::check()?;
            if table.len() + stack.len() >= limits.max_states {
                return Err(Error::StateLimit {
                    limit: limits.max_states,
                });
            }
            stack.push(Frame::new(child));
        } else {
            let Some(done) = stack.pop() else { break };
            let g = mex(&done.values);
            table.insert(done.token, g);
            match stack.last_mut() {
                Some(parent) => parent.values.push(g),
                None => return Ok(g),
            }
        }
    }
    Err(Error::Internal("the token search lost its frame".into()))
}

/// Every move of every token, appended to `out`.
///
/// # Errors
/// [`Error::StateLimit`] past `limits.max_states` moves.
pub(crate) fn moves<T: GraphToken>(
    tokens: &[T],
    limits: &Limits,
    out: &mut Vec<Action>,
) -> Result<(), Error> {
    let lists: Vec<Vec<u64>> = tokens.iter().map(GraphToken::targets).collect();
    let total: u64 = lists.iter().map(|l| l.len() as u64).sum();
    super::reserve(out, total, limits)?;
    for (i, l) in lists.into_iter().enumerate() {
        out.extend(l.into_iter().map(|u| pick(i, u)));
    }
    Ok(())
}

/// The moves of the tokens to total value `target` from `value`: for each
/// token worth g (by `value_of`), those to g ⊕ value ⊕ target, found by
/// `to_zero` when that is 0 (a theorem's winning moves) and by valuing
/// each option otherwise; to `f` until it breaks.
///
/// # Errors
/// Those of `value_of` and `to_zero`.
pub(crate) fn moves_to<T: GraphToken>(
    tokens: &[T],
    value: u64,
    target: u64,
    value_of: &dyn Fn(&T) -> Result<u32, Error>,
    to_zero: ToZero<'_, T>,
    f: Visit<'_, Action>,
) -> Result<ControlFlow<()>, Error> {
    for (i, t) in tokens.iter().enumerate() {
        let want = u64::from(value_of(t)?) ^ value ^ target;
        if want == 0 {
            if to_zero(t, &mut |u| f(pick(i, u)))?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
            continue;
        }
        for u in t.targets() {
            let g = u64::from(value_of(&t.moved(u))?);
            if g == want && f(pick(i, u)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Whether `action` is a legal move of `tokens` (`rule` the game's move,
/// in words, for the refusal).
///
/// # Errors
/// [`IllegalMoveKind::NoSuch`] for a token that is not there, else
/// [`IllegalMoveKind::Forbidden`].
pub(crate) fn check<T: GraphToken>(
    word: &str,
    tokens: &[T],
    action: &Action,
    rule: &'static str,
) -> Result<(), IllegalMoveKind> {
    let forbidden = || IllegalMoveKind::Forbidden {
        ruleset: word.into(),
        rule,
    };
    let Action::Pick {
        part,
        at,
        and: None,
    } = *action
    else {
        return Err(forbidden());
    };
    let Some(t) = tokens.get(part) else {
        return Err(IllegalMoveKind::NoSuch {
            place: Place::Part,
            index: part,
            count: tokens.len(),
        });
    };
    if t.targets().contains(&at) {
        Ok(())
    } else {
        Err(forbidden())
    }
}

/// Plays a legal `action` on `tokens`.
pub(crate) fn apply<T: GraphToken>(tokens: &mut [T], action: &Action) {
    if let Action::Pick {
        part,
        at,
        and: None,
    } = *action
    {
        if let Some(t) = tokens.get_mut(part) {
            *t = t.moved(at);
        }
    }
}

/// Tokens with no move are nothing; the rest in the order of their
/// notation (the search's key).
pub(crate) fn canonicalize<T: GraphToken>(tokens: &mut Vec<T>) {
    tokens.retain(|t| !t.targets().is_empty());
    tokens.sort_by_cached_key(ToString::to_string);
}

/// How a game's moves read: `noun` names a token ("token"), `verb` what a
/// move does before the token's vertex ("move": "move the token to 5").
pub(crate) struct Phrases {
    pub noun: &'static str,
    pub verb: &'static str,
}

/// Writes `action` in `form` (the game's `phrases`), or as a plain action
/// when it is not a move of `tokens`.
pub(crate) fn write_move<T: GraphToken>(
    word: &str,
    tokens: &[T],
    action: &Action,
    form: MoveForm,
    phrases: &Phrases,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    let Action::Pick {
        part,
        at,
        and: None,
    } = *action
    else {
        return super::write_action(word, action, form, f);
    };
    let Some((t, name)) = tokens.get(part).and_then(|t| Some((t, t.vertex_name(at)?))) else {
        return super::write_action(word, action, form, f);
    };
    let left = t.moved(at);
    let one = tokens.len() == 1;
    let n = part + 1;
    let Phrases { noun, verb } = phrases;
    match form {
        MoveForm::Listed if one => write!(f, "{word} to {name} (-> {left})"),
        MoveForm::Listed => write!(f, "{word} {noun} {n}: to {name} (-> {left})"),
        MoveForm::Short if one => write!(f, "{name}"),
        MoveForm::Short => write!(f, "{n} {name}"),
        _ if one => write!(f, "{verb} the {noun} to {name} ({t} -> {left})"),
        _ => write!(f, "{verb} {noun} {n} to {name} ({t} -> {left})"),
    }
}

/// The move of token `place` to the vertex named `name`.
pub(crate) fn named_move<T: GraphToken>(tokens: &[T], place: usize, name: &str) -> Option<Action> {
    Some(pick(place, tokens.get(place)?.vertex_named(name)?))
}

/// The moves that turn `before` into `after` (one token moved).
pub(crate) fn actions_between<T: GraphToken>(before: &[T], after: &[T]) -> Vec<Action> {
    if before.len() != after.len() {
        return Vec::new();
    }
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    let [i] = changed[..] else {
        return Vec::new();
    };
    before[i]
        .targets()
        .into_iter()
        .filter(|&u| before[i].moved(u) == after[i])
        .map(|u| pick(i, u))
        .collect()
}

/// The token's vertex before and after `action`.
pub(crate) fn pick_names<T: GraphToken>(tokens: &[T], action: &Action) -> Option<super::PickNames> {
    let Action::Pick { part, at, .. } = *action else {
        return None;
    };
    let t = tokens.get(part)?;
    Some(super::PickNames::Token {
        token: part,
        before: t.vertex_name(t.vertex())?,
        after: t.vertex_name(at)?,
    })
}
