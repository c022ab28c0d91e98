//! `Nimber` (64-bit nimbers with nim-sum, nim-product, division, powers,
//! inverse and square root) and `nimber(expr)`, the CLI's `nimber EXPR`.

use pyo3::exceptions::{PyTypeError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use sprague::nimber::expr::{evaluate, ExprError, ExprErrorKind, NumberError};
use sprague::Nimber as N;

use crate::errors;

/// A nimber `*n` of Conway's nim-field of order 2^64: `n` from 0 to
/// 2**64 - 1. `+` (and `-`, the same thing) is the nim-sum (XOR), `*` the
/// nim-product, `/` division, `**` the nim-power (a negative exponent
/// inverts); `inverse()` and `sqrt()` give the inverse and the square root.
/// Ints mix in (`Nimber(5) * 7`), `int(x)` gives the number back, and a
/// nimber equals the int of the same number.
///
/// >>> Nimber(8) * Nimber(8)
/// Nimber(13)
/// >>> Nimber(3).sqrt(), Nimber(2).inverse(), int(Nimber(5) + 3)
/// (Nimber(2), Nimber(3), 6)
#[pyclass(frozen, module = "sprague")]
#[derive(Clone, Copy)]
pub struct Nimber(pub N);

/// The number an operand stands for, or `None` when it is neither a
/// `Nimber` nor an int (the operator then returns `NotImplemented`).
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if let Ok(n) = other.downcast::<Nimber>() {
        return Ok(Some(n.get().0 .0));
    }
    if other.is_instance_of::<PyInt>() {
        return number(other).map(Some);
    }
    Ok(None)
}

/// An int from 0 to 2**64 - 1, or `InputError` naming the range.
fn number(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    value.extract::<u64>().map_err(|_| {
        errors::input(format!(
            "nimbers run from 0 to 18446744073709551615 (2^64 - 1), not {value}"
        ))
    })
}

impl Nimber {
    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(N, N) -> PyResult<N>,
    ) -> PyResult<PyObject> {
        match operand(other)? {
            Some(b) => Ok(Nimber(op(self.0, N(b))?)
                .into_pyobject(py)?
                .into_any()
                .unbind()),
            None => Ok(py.NotImplemented()),
        }
    }
}

fn divide(a: N, b: N) -> PyResult<N> {
    a.checked_div(b).ok_or_else(|| {
        PyZeroDivisionError::new_err("division by 0 (the divisor is 0, which has no inverse)")
    })
}

#[pymethods]
impl Nimber {
    /// The nimber `*value`; `value` is an int from 0 to 2**64 - 1 (or a
    /// `Nimber`).
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        match operand(value)? {
            Some(n) => Ok(Nimber(N(n))),
            None => Err(PyTypeError::new_err(format!(
                "Nimber() takes an int from 0 to 2**64 - 1, not {}",
                value.get_type().name()?
            ))),
        }
    }

    /// Pickles as its number.
    fn __getnewargs__(&self) -> (u64,) {
        (self.0 .0,)
    }

    /// The number `n` of `*n`, as an int.
    #[getter]
    fn value(&self) -> u64 {
        self.0 .0
    }

    /// The multiplicative inverse; `ZeroDivisionError` for `*0`.
    fn inverse(&self) -> PyResult<Nimber> {
        self.0.inv().map(Nimber).ok_or_else(|| {
            PyZeroDivisionError::new_err("the operand of `inv` is 0, which has no inverse")
        })
    }

    /// The square root: the one nimber whose nim-square is this one (every
    /// nimber has exactly one).
    fn sqrt(&self) -> Nimber {
        Nimber(self.0.sqrt())
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| Ok(a + b))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| Ok(b + a))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| Ok(a + b))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| Ok(b + a))
    }

    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| Ok(a * b))
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| Ok(b * a))
    }

    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, divide)
    }

    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |a, b| divide(b, a))
    }

    /// `x ** k`: the nim-power, any int exponent (negative ones invert;
    /// `0 ** -1` is a `ZeroDivisionError`). Nonzero nimbers have order
    /// dividing 2**64 - 1, so the exponent is taken modulo it.
    fn __pow__(
        &self,
        py: Python<'_>,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        if modulo.is_some_and(|m| !m.is_none()) || !exponent.is_instance_of::<PyInt>() {
            return Ok(py.NotImplemented());
        }
        let x = self.0;
        let result = if x == N::ZERO {
            let sign = exponent
                .rich_compare(0, pyo3::basic::CompareOp::Gt)?
                .is_truthy()?;
            if sign {
                N::ZERO
            } else if exponent.eq(0)? {
                N::ONE
            } else {
                return Err(PyZeroDivisionError::new_err(
                    "a negative power of 0: zero has no inverse",
                ));
            }
        } else {
            // Python's % is never negative: x^-1 = x^(2^64 - 2).
            let k: u64 = exponent.rem(u64::MAX)?.extract()?;
            x.pow(k)
        };
        Ok(Nimber(result).into_pyobject(py)?.into_any().unbind())
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __int__(&self) -> u64 {
        self.0 .0
    }

    fn __index__(&self) -> u64 {
        self.0 .0
    }

    fn __bool__(&self) -> bool {
        self.0 .0 != 0
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        // The hash of the int, since a nimber equals the int.
        self.0 .0.into_pyobject(py)?.hash()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        Ok(match operand(other) {
            Ok(Some(b)) => (self.0 .0 == b)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind(),
            Ok(None) => py.NotImplemented(),
            Err(_) => false.into_pyobject(py)?.to_owned().into_any().unbind(),
        })
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0 .0)
    }

    /// Conway's star notation: `*5`.
    fn __str__(&self) -> String {
        format!("*{}", self.0 .0)
    }
}

/// Evaluates a nimber expression as the CLI's `sprague nimber EXPR` does
/// (`+`/`xor` nim-sum, `*` nim-product, `/`, `^` nim-power, `inv`, `sqrt`,
/// parentheses, decimal or `0x` numbers, `*5` star notation) and returns
/// the value as an int. A bad expression raises `InputError` with the CLI's
/// message (the token, its column and what was expected).
///
/// >>> nimber("5 * 7 + inv 3")
/// 15
#[pyfunction]
pub fn nimber(py: Python<'_>, expr: &str) -> PyResult<u64> {
    let value = py.allow_threads(|| evaluate(expr));
    value.map(|v| v.0).map_err(|e| errors::input(message(&e)))
}

/// The CLI's wording of an expression error (`cmd::nimber::message`),
/// without its hint about the shell's expansion of `*`.
fn message(e: &ExprError) -> String {
    let what = match e.kind() {
        ExprErrorKind::Number(NumberError::TooLarge) => {
            "too large: numbers here (nimbers, exponents, counts) run up to \
             18446744073709551615 (2^64 - 1)"
                .to_string()
        }
        kind => kind.to_string(),
    };
    match e.token() {
        None => format!("at the end (column {}): {what}", e.column()),
        Some(token) => format!("token {token:?} (column {}): {what}", e.column()),
    }
}
