//! A move's structured fields, as the CLI's JSON writes them
//! (docs/schema/analysis.schema.json): `component`, `ruleset` and a
//! `change` dict by kind (`heap`, `heaps`, `stair`, `token`, `cut`,
//! `listed`, `turn`, `pick`). Indices count from 0.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sprague::ChangedHeap;
/// What a move changes in its component: the library's
/// [`sprague::MoveChange`], the same fields as the CLI's JSON, held without
/// the GIL and made a dict when asked for.
pub use sprague::MoveChange as Change;

/// A [`Change`] as a Python dict and back.
pub trait ChangeDict: Sized {
    /// The dict the CLI's JSON writes as `change`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>>;
    /// The change a dict of [`ChangeDict::to_dict`] holds (what unpickling
    /// a `WinningMove` reads).
    fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<Self>;
}

impl ChangeDict for Change {
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        match self {
            Change::Heap {
                heap,
                before,
                removed,
                parts,
            } => {
                d.set_item("kind", "heap")?;
                d.set_item("heap", heap)?;
                d.set_item("before", before)?;
                d.set_item("removed", removed)?;
                d.set_item("parts", PyList::new(py, parts)?)?;
            }
            Change::Heaps { changes } => {
                d.set_item("kind", "heaps")?;
                let list = PyList::empty(py);
                for c in changes {
                    let item = PyDict::new(py);
                    item.set_item("heap", c.heap)?;
                    item.set_item("before", c.before)?;
                    item.set_item("after", c.after)?;
                    list.append(item)?;
                }
                d.set_item("changes", list)?;
            }
            Change::Stair {
                step,
                before,
                coins,
                after,
            } => {
                d.set_item("kind", "stair")?;
                d.set_item("step", step)?;
                d.set_item("before", before)?;
                d.set_item("coins", coins)?;
                d.set_item("after", after)?;
            }
            Change::Token {
                token,
                before,
                after,
            } => {
                d.set_item("kind", "token")?;
                d.set_item("token", token)?;
                d.set_item("before", before)?;
                d.set_item("after", after)?;
            }
            Change::Cut { picture, edge } => {
                d.set_item("kind", "cut")?;
                d.set_item("picture", picture)?;
                d.set_item("edge", edge)?;
            }
            Change::Listed { index } => {
                d.set_item("kind", "listed")?;
                d.set_item("index", index)?;
            }
            Change::Turn { coins, across } => {
                // Runs as two-item lists, as the JSON writes them.
                let runs =
                    |r: &[[u64; 2]]| -> Vec<Vec<u64>> { r.iter().map(|r| r.to_vec()).collect() };
                d.set_item("kind", "turn")?;
                d.set_item("coins", runs(coins))?;
                d.set_item("across", runs(across))?;
            }
            Change::Pick { part, taken } => {
                d.set_item("kind", "pick")?;
                d.set_item("part", part)?;
                d.set_item("taken", PyList::new(py, taken)?)?;
            }
            _ => d.set_item("kind", "other")?,
        }
        Ok(d)
    }

    fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<Change> {
        let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            d.get_item(key)?.ok_or_else(|| {
                pyo3::exceptions::PyKeyError::new_err(format!("change has no {key:?}"))
            })
        };
        let kind: String = get("kind")?.extract()?;
        Ok(match kind.as_str() {
            "heap" => Change::Heap {
                heap: get("heap")?.extract()?,
                before: get("before")?.extract()?,
                removed: get("removed")?.extract()?,
                parts: get("parts")?.extract()?,
            },
            "heaps" => {
                let mut changes = Vec::new();
                for c in get("changes")?.try_iter()? {
                    let c = c?;
                    changes.push(ChangedHeap {
                        heap: c.get_item("heap")?.extract()?,
                        before: c.get_item("before")?.extract()?,
                        after: c.get_item("after")?.extract()?,
                    });
                }
                Change::Heaps { changes }
            }
            "stair" => Change::Stair {
                step: get("step")?.extract()?,
                before: get("before")?.extract()?,
                coins: get("coins")?.extract()?,
                after: get("after")?.extract()?,
            },
            "token" => Change::Token {
                token: get("token")?.extract()?,
                before: get("before")?.extract()?,
                after: get("after")?.extract()?,
            },
            "cut" => Change::Cut {
                picture: get("picture")?.extract()?,
                edge: get("edge")?.extract()?,
            },
            "listed" => Change::Listed {
                index: get("index")?.extract()?,
            },
            "pick" => Change::Pick {
                part: get("part")?.extract()?,
                taken: get("taken")?.extract()?,
            },
            "turn" => {
                let runs = |v: Vec<Vec<u64>>| -> PyResult<Vec<[u64; 2]>> {
                    v.into_iter()
                        .map(|r| match r[..] {
                            [a, b] => Ok([a, b]),
                            _ => Err(pyo3::exceptions::PyValueError::new_err(
                                "a run of coins is [from, to]",
                            )),
                        })
                        .collect()
                };
                Change::Turn {
                    coins: runs(get("coins")?.extract()?)?,
                    across: runs(get("across")?.extract()?)?,
                }
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
