//! A move's structured fields, as the CLI's JSON writes them
//! (docs/schema/analysis.schema.json): `component`, `ruleset` and a
//! `change` dict by kind (`heap`, `heaps`, `stair`, `token`, `cut`,
//! `listed`, `turn`, `pick`). Indices count from 0.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sprague::Action;

/// What a move changes in its component, held without the GIL and made a
/// dict when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A heap game's heap: index, size before, tokens removed, parts left.
    Heap(usize, u64, u64, Vec<u64>),
    /// Several heaps reduced: (index, before, after) each.
    Heaps(Vec<(usize, u64, u64)>),
    /// Staircase Nim: step, coins before, coins carried, coins after.
    Stair(usize, u64, u64, u64),
    /// A token: index, node name before, node name after.
    Token(usize, String, String),
    /// Hackenbush: picture, edge.
    Cut(usize, usize),
    /// A game defined in Python: the option's index.
    Listed(usize),
    /// A coin-turning game: the coins (or a grid's rows) and the grid's
    /// columns turned, as inclusive runs.
    Turn(Vec<(u64, u64)>, Vec<(u64, u64)>),
    /// A graph or board game's move (Node Kayles, Arc Kayles, Cram,
    /// Chomp): the part played in and the names of what it takes.
    Pick(usize, Vec<String>),
    /// A kind newer than this list.
    Other,
}

impl Change {
    /// The change of `action`, a move in a component of `ruleset`.
    pub fn new(component: Option<&sprague::Component>, action: &Action) -> Change {
        // A ruleset that names its moves itself (graphs, boards), as the
        // CLI's JSON writes them.
        match component.and_then(|c| c.ruleset().rules().pick_names(c.args(), action)) {
            Some(sprague::PickNames::Taken { part, names }) => return Change::Pick(part, names),
            Some(sprague::PickNames::Token {
                token,
                before,
                after,
            }) => return Change::Token(token, before, after),
            _ => {}
        }
        let ruleset = component.map(|c| c.ruleset());
        let node = |v: u64| {
            ruleset
                .and_then(|r| r.node_name(v))
                .unwrap_or_else(|| v.to_string())
        };
        match action {
            Action::Heap {
                heap,
                from,
                removed,
                parts,
            } => Change::Heap(*heap, *from, *removed, parts.to_vec()),
            Action::Heaps { changes } => {
                Change::Heaps(changes.iter().map(|c| (c.heap, c.from, c.to)).collect())
            }
            Action::Stair { step, from, coins } => {
                Change::Stair(*step, *from, *coins, from.saturating_sub(*coins))
            }
            Action::Token { token, from, to } => Change::Token(*token, node(*from), node(*to)),
            Action::Cut { part, edge } => Change::Cut(*part, *edge),
            Action::Listed { index } => Change::Listed(*index),
            Action::Turn { coins, across, .. } => Change::Turn(coins.clone(), across.clone()),
            _ => Change::Other,
        }
    }

    /// The dict the CLI's JSON writes as `change`.
    pub fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        match self {
            Change::Heap(heap, before, removed, parts) => {
                d.set_item("kind", "heap")?;
                d.set_item("heap", heap)?;
                d.set_item("before", before)?;
                d.set_item("removed", removed)?;
                d.set_item("parts", PyList::new(py, parts)?)?;
            }
            Change::Heaps(changes) => {
                d.set_item("kind", "heaps")?;
                let list = PyList::empty(py);
                for (heap, before, after) in changes {
                    let c = PyDict::new(py);
                    c.set_item("heap", heap)?;
                    c.set_item("before", before)?;
                    c.set_item("after", after)?;
                    list.append(c)?;
                }
                d.set_item("changes", list)?;
            }
            Change::Stair(step, before, coins, after) => {
                d.set_item("kind", "stair")?;
                d.set_item("step", step)?;
                d.set_item("before", before)?;
                d.set_item("coins", coins)?;
                d.set_item("after", after)?;
            }
            Change::Token(token, before, after) => {
                d.set_item("kind", "token")?;
                d.set_item("token", token)?;
                d.set_item("before", before)?;
                d.set_item("after", after)?;
            }
            Change::Cut(picture, edge) => {
                d.set_item("kind", "cut")?;
                d.set_item("picture", picture)?;
                d.set_item("edge", edge)?;
            }
            Change::Listed(index) => {
                d.set_item("kind", "listed")?;
                d.set_item("index", index)?;
            }
            Change::Turn(coins, across) => {
                // Runs as two-item lists, as the JSON writes them.
                let runs = |r: &[(u64, u64)]| -> Vec<Vec<u64>> {
                    r.iter().map(|&(a, b)| vec![a, b]).collect()
                };
                d.set_item("kind", "turn")?;
                d.set_item("coins", runs(coins))?;
                d.set_item("across", runs(across))?;
            }
            Change::Pick(part, taken) => {
                d.set_item("kind", "pick")?;
                d.set_item("part", part)?;
                d.set_item("taken", PyList::new(py, taken)?)?;
            }
            Change::Other => d.set_item("kind", "other")?,
        }
        Ok(d)
    }
}

impl Change {
    /// The change a dict of [`Change::to_dict`] holds (what unpickling a
    /// `WinningMove` reads).
    pub fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<Change> {
        let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            d.get_item(key)?.ok_or_else(|| {
                pyo3::exceptions::PyKeyError::new_err(format!("change has no {key:?}"))
            })
        };
        let kind: String = get("kind")?.extract()?;
        Ok(match kind.as_str() {
            "heap" => Change::Heap(
                get("heap")?.extract()?,
                get("before")?.extract()?,
                get("removed")?.extract()?,
                get("parts")?.extract()?,
            ),
            "heaps" => {
                let mut changes = Vec::new();
                for c in get("changes")?.try_iter()? {
                    let c = c?;
                    changes.push((
                        c.get_item("heap")?.extract()?,
                        c.get_item("before")?.extract()?,
                        c.get_item("after")?.extract()?,
                    ));
                }
                Change::Heaps(changes)
            }
            "stair" => Change::Stair(
                get("step")?.extract()?,
                get("before")?.extract()?,
                get("coins")?.extract()?,
                get("after")?.extract()?,
            ),
            "token" => Change::Token(
                get("token")?.extract()?,
                get("before")?.extract()?,
                get("after")?.extract()?,
            ),
            "cut" => Change::Cut(get("picture")?.extract()?, get("edge")?.extract()?),
            "listed" => Change::Listed(get("index")?.extract()?),
            "pick" => Change::Pick(get("part")?.extract()?, get("taken")?.extract()?),
            "turn" => {
                let runs = |v: Vec<Vec<u64>>| -> PyResult<Vec<(u64, u64)>> {
                    v.into_iter()
                        .map(|r| match r[..] {
                            [a, b] => Ok((a, b)),
                            _ => Err(pyo3::exceptions::PyValueError::new_err(
                                "a run of coins is [from, to]",
                            )),
                        })
                        .collect()
                };
                Change::Turn(
                    runs(get("coins")?.extract()?)?,
                    runs(get("across")?.extract()?)?,
                )
            }
            _ => Change::Other,
        })
    }
}

/// Escapes `s` for HTML text.
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}
