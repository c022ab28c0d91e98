//! Games defined in Python: `Game(options, heaps=None)` or a subclass with
//! `options(self, position)`, solved by sprague's memoised, iterative
//! [`Solver`] over positions that are Python objects (hashed and compared by
//! Python).

use std::cell::RefCell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use sprague::loopy::{GenValue, LoopySolver};
use sprague::{Outcome, Play, Solver, DEFAULT_MAX_STATES};

use crate::errors;

/// A position: a Python object with its hash, computed once.
#[derive(Clone)]
pub struct Key(Rc<KeyInner>);

struct KeyInner {
    object: PyObject,
    hash: isize,
}

impl Key {
    /// The key of `object`, which must be hashable.
    fn new(object: &Bound<'_, PyAny>) -> PyResult<Key> {
        let hash = object.hash()?;
        Ok(Key(Rc::new(KeyInner {
            object: object.clone().unbind(),
            hash,
        })))
    }

    fn object(&self, py: Python<'_>) -> PyObject {
        self.0.object.clone_ref(py)
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash.hash(state);
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
            || self.0.object.is(&other.0.object)
            || (self.0.hash == other.0.hash
                && Python::with_gil(|py| {
                    self.0
                        .object
                        .bind(py)
                        .eq(other.0.object.bind(py))
                        .unwrap_or(false)
                }))
    }
}

impl Eq for Key {}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = Python::with_gil(|py| self.0.object.bind(py).repr().map(|r| r.to_string()));
        f.write_str(&text.unwrap_or_else(|_| "<position>".into()))
    }
}

/// The rules as the solver sees them: the Python functions giving a
/// position's options and (optionally) its components, bound for the
/// duration of one call, and the first exception they raised.
#[derive(Default)]
pub struct PyGame {
    options: Option<PyObject>,
    heaps: Option<PyObject>,
    error: RefCell<Option<PyErr>>,
}

impl PyGame {
    /// Keeps the exception `e` for the caller and stops the search.
    fn fail(&self, e: PyErr) -> sprague::Error {
        self.error.borrow_mut().get_or_insert(e);
        sprague::Error::Internal("a Python function raised an exception".into())
    }

    /// Calls `function(position)` and reads the positions it gives.
    fn positions(
        &self,
        function: &PyObject,
        name: &str,
        position: &Key,
    ) -> Result<Option<Vec<Key>>, sprague::Error> {
        Python::with_gil(|py| {
            let given = function
                .bind(py)
                .call1((position.object(py),))
                .map_err(|e| self.fail(e))?;
            if given.is_none() {
                return Ok(None);
            }
            let describe = |o: &Bound<'_, PyAny>| o.repr().map_or("?".into(), |r| r.to_string());
            let items = given.try_iter().map_err(|_| {
                self.fail(errors::input(format!(
                    "{name}({}) must give an iterable of positions, not {}",
                    describe(position.0.object.bind(py)),
                    describe(&given)
                )))
            })?;
            let mut out = Vec::new();
            for item in items {
                let item = item.map_err(|e| self.fail(e))?;
                let key = Key::new(&item).map_err(|_| {
                    self.fail(errors::input(format!(
                        "{name}({}) gave {}, which is not hashable: positions must be hashable \
                         (tuples or frozensets, not lists or sets)",
                        describe(position.0.object.bind(py)),
                        describe(&item)
                    )))
                })?;
                out.push(key);
            }
            Ok(Some(out))
        })
    }
}

impl sprague::Game for PyGame {
    type Position = Key;
    type Move = Key;

    fn moves(&self, position: &Key) -> Result<Vec<Key>, sprague::Error> {
        let Some(options) = &self.options else {
            return Err(sprague::Error::Internal("no options function bound".into()));
        };
        Ok(self
            .positions(options, "options", position)?
            .unwrap_or_default())
    }

    fn play(&self, _: &Key, option: &Key) -> Key {
        option.clone()
    }

    fn components(&self, position: &Key) -> Result<Option<Vec<Key>>, sprague::Error> {
        match &self.heaps {
            None => Ok(None),
            Some(heaps) => self.positions(heaps, "heaps", position),
        }
    }
}

/// An impartial game you define in Python, solved by sprague's memoised
/// iterative solver.
///
/// Give `options`, a function from a position to an iterable of the
/// positions one move can reach (positions are any hashable values: ints,
/// tuples, frozensets, strings), or subclass `Game` and define
/// `options(self, position)`. Optionally give `heaps`, a function from a
/// position to the independent components it is the sum of (positions of
/// the same game), or `None` for a position that is one component: Grundy
/// values of sums are then the nim-sum of their components' values, and
/// each component is searched once.
///
/// Results are memoised in the `Game` object across calls. The search is
/// iterative: no Python recursion limit, a game 100,000 moves deep is
/// fine. It stores at most `max_states` positions (default 2,000,000) and
/// raises `LimitError` past it; what was stored stays, so raising
/// `max_states` and asking again goes on from there. An exception raised by
/// `options` or `heaps` propagates unchanged.
///
/// The game must be finite from the positions asked. It may have cycles (a
/// position that can recur): the search notices the first repeated
/// position and answers by retrograde analysis instead, under normal play:
/// `outcome` may then be `"D"` (a draw), `value` Smith's generalized value
/// (an int, or a str such as `"∞(0,2)"` for a position that can be played
/// forever), `drawing_moves` the options that keep a draw, and
/// `remoteness` how long the game lasts. Misère play of such games raises
/// `InputError`. A `Game` belongs to the thread that made it.
///
/// >>> subtract = Game(lambda n: [n - k for k in (1, 3, 4) if k <= n])
/// >>> subtract.value(7), subtract.outcome(7), subtract.winning_moves(6)
/// (0, 'P', [2])
#[pyclass(unsendable, subclass, module = "sprague")]
pub struct Game {
    options: Option<PyObject>,
    heaps: Option<PyObject>,
    max_states: usize,
    solver: Solver<PyGame>,
    /// The search for games with cycles, used once `solver` meets one.
    loopy: LoopySolver<PyGame>,
}

/// Options a search of a game defined in Python may examine per position
/// of its state limit: such games often have hundreds of options a
/// position (Fibonacci Nim from (1000, 999): about 500,000 positions and
/// 10^8 options), and each option costs a Python call already.
const PY_WORK_PER_STATE: u64 = 512;

/// The solver of a game defined in Python, with its work limit.
fn py_solver() -> Solver<PyGame> {
    let mut solver = Solver::new(PyGame::default());
    solver.set_work_per_state(PY_WORK_PER_STATE);
    solver
}

/// The search of a game with cycles defined in Python, with its work limit.
fn py_loopy_solver() -> LoopySolver<PyGame> {
    let mut solver = LoopySolver::new(PyGame::default());
    solver.set_work_per_state(PY_WORK_PER_STATE);
    solver
}

/// Both searches of a game defined in Python, bound for one call.
struct Solvers<'a> {
    plain: &'a mut Solver<PyGame>,
    loopy: &'a mut LoopySolver<PyGame>,
}

impl Solvers<'_> {
    /// The generalized value of `position`: its Grundy value when the game
    /// ends from it, else by retrograde analysis.
    fn value(&mut self, position: &Key) -> Result<GenValue, sprague::Error> {
        match self.plain.grundy_value(position) {
            Ok(g) => Ok(GenValue::Finite(g)),
            Err(sprague::Error::Cycle) => self.loopy.value(position),
            Err(e) => Err(e),
        }
    }
}

/// A generalized value as Python sees it: an int, or a str `"∞(0,2)"`.
fn value_object(py: Python<'_>, value: &GenValue) -> PyObject {
    match value {
        GenValue::Finite(g) => g
            .into_pyobject(py)
            .map_or_else(|_| py.None(), |o| o.into_any().unbind()),
        GenValue::Infinite(_) => value
            .to_string()
            .into_pyobject(py)
            .map_or_else(|_| py.None(), |o| o.into_any().unbind()),
    }
}

/// The result of `Game.analyze`.
#[pyclass(frozen, module = "sprague")]
pub struct GameAnalysis {
    /// The position analysed.
    #[pyo3(get)]
    position: PyObject,
    /// `"normal"` or `"misere"`.
    #[pyo3(get)]
    play: String,
    /// `"P"` (the player to move loses), `"N"` (the player to move wins)
    /// or `"D"` (a draw, in a game with cycles).
    #[pyo3(get)]
    outcome: String,
    /// The Grundy value under normal play (for a game with cycles Smith's
    /// generalized value: an int, or a str such as `"∞(0,2)"`); `None`
    /// under misère play.
    #[pyo3(get)]
    value: PyObject,
    /// The options that win: every position one move reaches that is a
    /// P-position, in the order `options` gives them.
    #[pyo3(get)]
    winning_moves: Vec<PyObject>,
    /// For a draw, the options that keep it (every other one loses);
    /// empty otherwise.
    #[pyo3(get)]
    drawing_moves: Vec<PyObject>,
}

#[pymethods]
impl GameAnalysis {
    /// Pickles as its fields (the positions must pickle too).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            PyObject,
            String,
            String,
            PyObject,
            Vec<PyObject>,
            Vec<PyObject>,
        ),
    )> {
        let py = slf.py();
        let a = slf.get();
        Ok((
            slf.get_type().getattr("_from_fields")?,
            (
                a.position.clone_ref(py),
                a.play.clone(),
                a.outcome.clone(),
                a.value.clone_ref(py),
                a.winning_moves.iter().map(|m| m.clone_ref(py)).collect(),
                a.drawing_moves.iter().map(|m| m.clone_ref(py)).collect(),
            ),
        ))
    }

    /// An analysis from its fields (what unpickling calls).
    #[staticmethod]
    fn _from_fields(
        position: PyObject,
        play: String,
        outcome: String,
        value: PyObject,
        winning_moves: Vec<PyObject>,
        drawing_moves: Vec<PyObject>,
    ) -> GameAnalysis {
        GameAnalysis {
            position,
            play,
            outcome,
            value,
            winning_moves,
            drawing_moves,
        }
    }

    /// As a notebook shows it.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        use crate::movefields::html_escape as e;
        let mut html = format!(
            "<table class=\"sprague-analysis\"><tr><th>position</th><td><code>{}</code></td></tr>\
             <tr><th>play</th><td>{}</td></tr><tr><th>outcome</th><td>{}</td></tr>\
             <tr><th>value</th><td>{}</td></tr></table>",
            e(&self.position.bind(py).repr()?.to_string()),
            e(&self.play),
            e(&self.outcome),
            if self.value.is_none(py) {
                "&mdash;".to_string()
            } else {
                e(&self.value.bind(py).str()?.to_string())
            },
        );
        if self.winning_moves.is_empty() {
            html.push_str("<p>winning moves: none</p>");
        } else {
            html.push_str(&format!(
                "<p>winning moves ({}):</p><ol>",
                self.winning_moves.len()
            ));
            for m in &self.winning_moves {
                html.push_str(&format!(
                    "<li>to <code>{}</code></li>",
                    e(&m.bind(py).repr()?.to_string())
                ));
            }
            html.push_str("</ol>");
        }
        if !self.drawing_moves.is_empty() {
            html.push_str(&format!(
                "<p>moves that keep the draw ({}):</p><ol>",
                self.drawing_moves.len()
            ));
            for m in &self.drawing_moves {
                html.push_str(&format!(
                    "<li>to <code>{}</code></li>",
                    e(&m.bind(py).repr()?.to_string())
                ));
            }
            html.push_str("</ol>");
        }
        Ok(html)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let moves: PyResult<Vec<String>> = self
            .winning_moves
            .iter()
            .map(|m| Ok(m.bind(py).repr()?.to_string()))
            .collect();
        Ok(format!(
            "GameAnalysis(position={}, play={:?}, outcome={:?}, value={}, winning_moves=[{}]{})",
            self.position.bind(py).repr()?,
            self.play,
            self.outcome,
            self.value.bind(py).repr()?,
            moves?.join(", "),
            if self.drawing_moves.is_empty() {
                String::new()
            } else {
                let d: PyResult<Vec<String>> = self
                    .drawing_moves
                    .iter()
                    .map(|m| Ok(m.bind(py).repr()?.to_string()))
                    .collect();
                format!(", drawing_moves=[{}]", d?.join(", "))
            }
        ))
    }
}

/// Whether `type_`'s attribute `name` is the one `Game` defines (not
/// overridden by a subclass).
fn inherited(type_: &Bound<'_, PyType>, base: &Bound<'_, PyType>, name: &str) -> PyResult<bool> {
    Ok(type_.is(base) || type_.getattr(name)?.is(&base.getattr(name)?))
}

impl Game {
    /// Binds the rules (the functions given, or a subclass's methods) for
    /// one call, runs `f` on the solver, unbinds them, and turns errors into
    /// exceptions: a Python function's own first, else the solver's.
    fn run<T>(
        slf: &Bound<'_, Game>,
        f: impl FnOnce(&mut Solvers<'_>) -> Result<T, sprague::Error>,
    ) -> PyResult<T> {
        let py = slf.py();
        let base = py.get_type::<Game>();
        let type_ = slf.get_type();
        let (options, heaps) = {
            let this = slf.try_borrow()?;
            let options = if inherited(&type_, &base, "options")? {
                this.options
                    .as_ref()
                    .map(|o| o.clone_ref(py))
                    .ok_or_else(|| {
                        PyTypeError::new_err(
                            "this Game has no options: give Game(options) a function from a \
                         position to its options, or define options(self, position) in a \
                         subclass",
                        )
                    })?
            } else {
                slf.getattr("options")?.unbind()
            };
            let heaps = if inherited(&type_, &base, "heaps")? {
                this.heaps.as_ref().map(|h| h.clone_ref(py))
            } else {
                Some(slf.getattr("heaps")?.unbind())
            };
            (options, heaps)
        };
        let mut this = slf.try_borrow_mut()?;
        let this = &mut *this;
        let game = this.loopy.game_mut();
        game.options = Some(options.clone_ref(py));
        game.heaps = heaps.as_ref().map(|h| h.clone_ref(py));
        let game = this.solver.game_mut();
        game.options = Some(options);
        game.heaps = heaps;
        let result = f(&mut Solvers {
            plain: &mut this.solver,
            loopy: &mut this.loopy,
        });
        let loopy = this.loopy.game_mut();
        loopy.options = None;
        loopy.heaps = None;
        let loopy_raised = loopy.error.borrow_mut().take();
        let game = this.solver.game_mut();
        game.options = None;
        game.heaps = None;
        let raised = game.error.borrow_mut().take().or(loopy_raised);
        match (result, raised) {
            (_, Some(e)) => Err(e),
            (Ok(v), None) => Ok(v),
            (Err(e), None) => Err(errors::lib(e)),
        }
    }

    /// The winning options of `position` under `play`.
    fn winning(slf: &Bound<'_, Game>, position: &Key, play: Play) -> PyResult<Vec<PyObject>> {
        let py = slf.py();
        let moves = Game::run(slf, |solvers| match play {
            // Normal play: the options worth 0, valued through `heaps`.
            Play::Normal => {
                let mut winning = Vec::new();
                for option in sprague::Game::moves(solvers.plain.game(), position)? {
                    if solvers.value(&option)? == GenValue::Finite(0) {
                        winning.push(option);
                    }
                }
                Ok(winning)
            }
            Play::Misere => solvers.plain.winning_moves(position, play),
        })?;
        Ok(moves.iter().map(|k| k.object(py)).collect())
    }

    fn outcome_of(slf: &Bound<'_, Game>, position: &Key, play: Play) -> PyResult<Outcome> {
        Game::run(slf, |solvers| match play {
            Play::Normal => Ok(solvers.value(position)?.outcome()),
            Play::Misere => solvers.plain.outcome(position, play),
        })
    }

    /// The options of a drawn `position` that keep the draw (empty unless
    /// it is a draw).
    fn drawing(slf: &Bound<'_, Game>, position: &Key) -> PyResult<Vec<PyObject>> {
        let py = slf.py();
        let moves = Game::run(slf, |solvers| {
            if solvers.value(position)?.outcome() != Outcome::D {
                return Ok(Vec::new());
            }
            let mut drawing = Vec::new();
            for option in sprague::Game::moves(solvers.plain.game(), position)? {
                if solvers.value(&option)?.outcome() == Outcome::D {
                    drawing.push(option);
                }
            }
            Ok(drawing)
        })?;
        Ok(moves.iter().map(|k| k.object(py)).collect())
    }
}

#[pymethods]
impl Game {
    /// `Game(options, heaps=None, *, max_states=2_000_000)`; a subclass
    /// takes whatever its own `__init__` takes.
    #[new]
    #[classmethod]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(
        cls: &Bound<'_, PyType>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Game> {
        let mut game = Game {
            options: None,
            heaps: None,
            max_states: DEFAULT_MAX_STATES,
            solver: py_solver(),
            loopy: py_loopy_solver(),
        };
        if !cls.is(cls.py().get_type::<Game>()) {
            // A subclass: its __init__ reads its own arguments.
            return Ok(game);
        }
        if args.len() > 2 {
            return Err(PyTypeError::new_err(format!(
                "Game() takes at most 2 positional arguments (options, heaps), {} given",
                args.len()
            )));
        }
        let mut options = args.get_item(0).ok();
        let mut heaps = args.get_item(1).ok();
        if let Some(kwargs) = kwargs {
            for (key, value) in kwargs.iter() {
                let slot = match key.extract::<String>()?.as_str() {
                    "options" => &mut options,
                    "heaps" => &mut heaps,
                    "max_states" => {
                        game.set_max_states(value.extract()?);
                        continue;
                    }
                    other => {
                        return Err(PyTypeError::new_err(format!(
                            "Game() got an unexpected keyword argument {other:?}"
                        )))
                    }
                };
                if slot.is_some() {
                    return Err(PyTypeError::new_err(format!(
                        "Game() got multiple values for argument {key}"
                    )));
                }
                *slot = Some(value);
            }
        }
        for (name, f) in [("options", &options), ("heaps", &heaps)] {
            if let Some(f) = f.as_ref().filter(|f| !f.is_none() && !f.is_callable()) {
                return Err(PyTypeError::new_err(format!(
                    "Game({name}=...) takes a function of a position, not {}",
                    f.get_type().name()?
                )));
            }
        }
        game.options = options.filter(|o| !o.is_none()).map(Bound::unbind);
        game.heaps = heaps.filter(|h| !h.is_none()).map(Bound::unbind);
        Ok(game)
    }

    /// The most positions the solver may store (memoised positions plus
    /// those waiting on its stack) before it raises `LimitError`.
    #[getter]
    fn get_max_states(&self) -> usize {
        self.max_states
    }

    #[setter]
    fn set_max_states(&mut self, max_states: usize) {
        self.max_states = max_states;
        self.solver.set_max_states(max_states);
        self.loopy.set_max_states(max_states);
    }

    /// How many positions the solver has stored so far.
    #[getter]
    fn stored_states(&self) -> usize {
        self.solver.stored_states() + self.loopy.stored_states()
    }

    /// The options of `position`: what the `options` function given to
    /// `Game` returns (a subclass overrides this method instead).
    fn options(&self, py: Python<'_>, position: PyObject) -> PyResult<PyObject> {
        match &self.options {
            Some(f) => f.call1(py, (position,)),
            None => Err(PyTypeError::new_err(
                "this Game has no options: give Game(options) a function from a position to \
                 its options, or define options(self, position) in a subclass",
            )),
        }
    }

    /// The components `position` is the sum of, or `None` when it is one
    /// component: what the `heaps` function given to `Game` returns, else
    /// `None` (a subclass may override this method).
    fn heaps(&self, py: Python<'_>, position: PyObject) -> PyResult<PyObject> {
        match &self.heaps {
            Some(f) => f.call1(py, (position,)),
            None => Ok(py.None()),
        }
    }

    /// The Grundy value of `position` (normal play): the mex of its
    /// options' values, or the nim-sum of its components' values. In a
    /// game with cycles, Smith's generalized value: an int, or a str such
    /// as `"∞(0,2)"` when play can go on forever from `position`.
    fn value(slf: &Bound<'_, Game>, position: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let key = key_of(position)?;
        let v = Game::run(slf, |solvers| solvers.value(&key))?;
        Ok(value_object(slf.py(), &v))
    }

    /// How many moves the game from `position` lasts when the player who
    /// can win hurries and the other delays (Smith's remoteness: even when
    /// the player to move loses, odd when they win), or `None` for a draw.
    /// Every position reachable is explored (normal play).
    fn remoteness(slf: &Bound<'_, Game>, position: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let key = key_of(position)?;
        Game::run(slf, |solvers| solvers.loopy.remoteness(&key))
    }

    /// Every option of a drawn `position` that keeps the draw (every other
    /// option loses); empty unless `position` is a draw (`"D"`).
    fn drawing_moves(
        slf: &Bound<'_, Game>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PyObject>> {
        let key = key_of(position)?;
        Game::drawing(slf, &key)
    }

    /// `"P"` if the player to move loses with best play, `"N"` if they win,
    /// `"D"` for a draw (a game with cycles); `misere=True` for misère play
    /// (the player who moves last loses), which searches whole positions
    /// (`heaps` does not apply) and refuses games with cycles.
    #[pyo3(signature = (position, misere=false))]
    fn outcome(
        slf: &Bound<'_, Game>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<String> {
        let key = key_of(position)?;
        let play = crate::analyze::play_of(misere);
        Ok(Game::outcome_of(slf, &key, play)?.to_string())
    }

    /// Every option of `position` that wins (leads to a P-position), in the
    /// order `options` gives them; empty exactly when `position` is a
    /// P-position.
    #[pyo3(signature = (position, misere=false))]
    fn winning_moves(
        slf: &Bound<'_, Game>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<Vec<PyObject>> {
        let key = key_of(position)?;
        Game::winning(slf, &key, crate::analyze::play_of(misere))
    }

    /// Outcome, Grundy value (normal play) and all winning moves of
    /// `position`, as `analyze` gives them for a built-in ruleset.
    #[pyo3(signature = (position, misere=false))]
    fn analyze(
        slf: &Bound<'_, Game>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<GameAnalysis> {
        let key = key_of(position)?;
        let play = crate::analyze::play_of(misere);
        let py = slf.py();
        let value = match play {
            Play::Normal => value_object(py, &Game::run(slf, |solvers| solvers.value(&key))?),
            Play::Misere => py.None(),
        };
        let outcome = Game::outcome_of(slf, &key, play)?;
        let winning_moves = Game::winning(slf, &key, play)?;
        let drawing_moves = if outcome == Outcome::D {
            Game::drawing(slf, &key)?
        } else {
            Vec::new()
        };
        Ok(GameAnalysis {
            position: position.clone().unbind(),
            play: play.name().to_string(),
            outcome: outcome.to_string(),
            value,
            winning_moves,
            drawing_moves,
        })
    }
}

/// The key of a position given by the caller: `InputError` when it is not
/// hashable.
fn key_of(position: &Bound<'_, PyAny>) -> PyResult<Key> {
    Key::new(position).map_err(|_| {
        errors::input(format!(
            "the position {} is not hashable: positions must be hashable (tuples or \
             frozensets, not lists or sets)",
            position.repr().map_or("?".into(), |r| r.to_string())
        ))
    })
}
