//! The notation of `tuple:` words (see [`super`] for the grammar), read
//! into a [`TupleRule`]. Every error names the column of the word (from 1,
//! counting the `tuple:` prefix) where the rule stops making sense, as the
//! one-heap rule language's errors do.

use std::fmt;

/// An expression of the heaps and the bound variables of one option:
/// whole numbers, names, `-`, `*`, `/` (rounding down), `%`, parentheses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A whole number.
    Num(u64),
    /// Heap `i` of the position (`a` is 0, `b` 1, ...; `x` in `subset(E)`
    /// and `one(E)`).
    Heap(usize),
    /// Bound variable `j` of the option (in the order first written).
    Bound(usize),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b`, rounded down.
    Div(Box<Expr>, Box<Expr>),
    /// `a % b`.
    Mod(Box<Expr>, Box<Expr>),
}

/// A comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `==` (or `=`).
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl Cmp {
    /// Whether `a` compares to `b` this way.
    pub fn holds(self, a: i128, b: i128) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// A condition of an option: two expressions compared (`k>=1`, `a%2==0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cond {
    /// The left side.
    pub left: Expr,
    /// The comparison.
    pub cmp: Cmp,
    /// The right side.
    pub right: Expr,
}

/// What an option leaves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// A tuple of expressions, one a heap (`(a-k,b-k,c)`).
    Tuple(Vec<Expr>),
    /// `subset(E)`: every heap x of a non-empty set of heaps becomes E (an
    /// expression of `x` and the bound variables, shared by the set).
    Subset(Expr),
    /// `one(E)`: one heap x becomes E.
    One(Expr),
}

/// One option: what it leaves, its bound variables and its conditions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opt {
    /// What the move leaves.
    pub body: Body,
    /// Conditions, all of which must hold.
    pub conds: Vec<Cond>,
    /// The names of the bound variables, in the order first written.
    pub bound: Vec<String>,
    /// The column of the option in the word (from 1).
    pub column: usize,
    /// The option as written.
    pub text: String,
}

/// A rule of several heaps: its options, and whether they are taken in
/// every order of the heaps (`perm:`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleRule {
    /// Whether each tuple option is played on every permutation of the
    /// heaps (`tuple:perm:...`).
    pub perm: bool,
    /// Whether the position remembers the heap the last move changed
    /// (`tuple:last:...`, its last number, from 1; 0 for none) and a move
    /// may not change that heap.
    pub last: bool,
    /// Whether each heap remembers the amounts taken from it and no amount
    /// is taken from a heap twice (`tuple:once:...`).
    pub once: bool,
    /// The number of heaps of a position, when a tuple option fixes it
    /// (`None`: only `subset(E)` options, any number of heaps).
    pub arity: Option<usize>,
    /// The options, in the order written.
    pub options: Vec<Opt>,
}

/// Why a rule could not be read, and the column (from 1, in the whole word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TupleError {
    /// The column of the word where the error is.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TupleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

/// The most heaps a tuple option may name (`a` to `h`).
pub const MAX_ARITY: usize = 8;
/// The most heaps a `perm:` rule may have (6! = 720 orders an option).
pub const MAX_PERM_ARITY: usize = 6;
/// The most bound variables one option may hold (each takes up to the
/// largest heap + 1 values, so an option has that to the power of them).
pub const MAX_BOUND: usize = 3;
const MAX_NESTING: usize = 64;
const MAX_OPERATIONS: usize = 1000;

/// An expression as read, its names not yet sorted into heaps and bound
/// variables (which needs the number of heaps).
enum Raw {
    Num(u64),
    Name(String, usize),
    Op(u8, Box<Raw>, Box<Raw>),
}

struct RawOpt {
    tuple: Option<Vec<Raw>>,
    subset: Option<Raw>,
    one: bool,
    conds: Vec<(Raw, Cmp, Raw)>,
    column: usize,
    text: String,
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    nesting: usize,
    operations: usize,
    offset: usize,
}

type Parsed<T> = Result<T, TupleError>;

/// Reads the rule after `tuple:`; `offset` is the column of its first
/// character less one (6 for `tuple:`).
///
/// # Errors
/// A [`TupleError`] naming the column and what was expected there.
pub fn parse_tuple_rule(text: &str, offset: usize) -> Parsed<TupleRule> {
    if let Some((i, _)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        return Err(TupleError {
            column: offset + text[..i].chars().count() + 1,
            message: "a rule is written in ASCII: names, numbers, - * / % ( ) , : and the words \
                      perm, subset"
                .into(),
        });
    }
    let mut p = Parser {
        text: text.as_bytes(),
        at: 0,
        nesting: 0,
        operations: 0,
        offset,
    };
    let last = p.eat("last:");
    let once = !last && p.eat("once:");
    let perm = p.eat("perm:");
    if p.at == text.len() {
        return Err(p.error(
            "a tuple rule needs its options, e.g. tuple:perm:(a-k,b),(a-k,b-k) (three-heap \
             Wythoff is tuple:perm:(a-k,b,c),(a-k,b-k,c),(a-k,b-k,c-k))",
        ));
    }
    let mut raws = Vec::new();
    loop {
        raws.push(p.option()?);
        match p.peek() {
            None => break,
            Some(b',') => p.at += 1,
            Some(b'+') => {
                return Err(p.error(
                    "`+` separates the components of a position and needs spaces around it; a \
                     rule itself cannot use it",
                ))
            }
            Some(_) => return Err(p.error("expected `,` before the next option, or the end")),
        }
    }
    if last || once {
        if let Some(r) = raws.iter().find(|r| !r.one) {
            let memory = if last {
                "last: remembers one heap"
            } else {
                "once: remembers the amounts taken from each heap"
            };
            return Err(TupleError {
                column: r.column,
                message: format!(
                    "option {} changes a set of heaps; {memory}, so its options are one(E) (one \
                     heap x becomes E)",
                    r.text
                ),
            });
        }
    }
    let arity = raws.iter().find_map(|r| r.tuple.as_ref().map(Vec::len));
    if let Some(d) = arity {
        if let Some(r) = raws
            .iter()
            .find(|r| r.tuple.as_ref().is_some_and(|t| t.len() != d))
        {
            return Err(TupleError {
                column: r.column,
                message: format!(
                    "option {} leaves {} heaps where the first tuple leaves {d}: every tuple of a \
                     rule has one expression a heap",
                    r.text,
                    r.tuple.as_ref().map_or(0, Vec::len)
                ),
            });
        }
        if perm && d > MAX_PERM_ARITY {
            return Err(TupleError {
                column: offset + 1,
                message: format!(
                    "perm: takes every order of at most {MAX_PERM_ARITY} heaps; this rule has {d}"
                ),
            });
        }
    }
    let options = raws
        .into_iter()
        .map(|r| resolve(r, arity.unwrap_or(0)))
        .collect::<Parsed<Vec<_>>>()?;
    Ok(TupleRule {
        perm,
        last,
        once,
        arity,
        options,
    })
}

/// The name of heap `i` of a tuple: `a`, `b`, ...
pub fn heap_name(i: usize) -> char {
    char::from(b'a' + i as u8)
}

/// Sorts an option's names into heaps and bound variables.
fn resolve(raw: RawOpt, arity: usize) -> Parsed<Opt> {
    let mut bound = Vec::new();
    let subset = raw.subset.is_some();
    let mut conv = |r: &Raw| convert(r, arity, subset, &mut bound);
    let body = match (&raw.tuple, &raw.subset) {
        (Some(t), _) => Body::Tuple(t.iter().map(&mut conv).collect::<Parsed<_>>()?),
        (None, Some(e)) if raw.one => Body::One(conv(e)?),
        (None, Some(e)) => Body::Subset(conv(e)?),
        (None, None) => unreachable!("an option is a tuple or a subset"),
    };
    let conds = raw
        .conds
        .iter()
        .map(|(l, cmp, r)| {
            Ok(Cond {
                left: conv(l)?,
                cmp: *cmp,
                right: conv(r)?,
            })
        })
        .collect::<Parsed<Vec<_>>>()?;
    if let Body::Tuple(t) = &body {
        if t.iter().enumerate().all(|(i, e)| *e == Expr::Heap(i)) {
            return Err(TupleError {
                column: raw.column,
                message: format!(
                    "option {} leaves every heap as it is: a move must make a heap smaller",
                    raw.text
                ),
            });
        }
        if t.iter().all(|e| matches!(e, Expr::Heap(_))) {
            return Err(TupleError {
                column: raw.column,
                message: format!(
                    "option {} only reorders the heaps, so it never makes their total smaller \
                     and play could go on forever: a move must make a heap smaller",
                    raw.text
                ),
            });
        }
    }
    if let Some(why) = never_moves(&body, &conds) {
        return Err(TupleError {
            column: raw.column,
            message: format!("option {} can never move: {why}", raw.text),
        });
    }
    if matches!(body, Body::Subset(Expr::Heap(0)) | Body::One(Expr::Heap(0))) {
        return Err(TupleError {
            column: raw.column,
            message: format!("option {} leaves every heap as it is", raw.text),
        });
    }
    Ok(Opt {
        body,
        conds,
        bound,
        column: raw.column,
        text: raw.text,
    })
}

/// The value of `e` when it names no heap and no bound variable:
/// `Some(None)` when it is never a whole number (a difference below 0, a
/// division by 0, past 2^128 - 1), `None` when it is not constant.
fn constant(e: &Expr) -> Option<Option<u128>> {
    let pair = |a: &Expr, b: &Expr| Some((constant(a)?, constant(b)?));
    Some(match e {
        Expr::Num(n) => Some(u128::from(*n)),
        Expr::Heap(_) | Expr::Bound(_) => return None,
        Expr::Sub(a, b) => match pair(a, b)? {
            (Some(a), Some(b)) => a.checked_sub(b),
            _ => None,
        },
        Expr::Mul(a, b) => match pair(a, b)? {
            (Some(a), Some(b)) => a.checked_mul(b),
            _ => None,
        },
        Expr::Div(a, b) | Expr::Mod(a, b) => match pair(a, b)? {
            (Some(a), Some(b)) if b > 0 => Some(if matches!(e, Expr::Div(..)) {
                a / b
            } else {
                a % b
            }),
            _ => None,
        },
    })
}

/// A part of `e` that is never a whole number, whatever the heaps and the
/// bound variables (a constant difference below 0, a division or a
/// remainder by a constant 0), written out; every value of `e` then fails
/// too, since a part that fails makes the whole fail.
fn never_whole(e: &Expr) -> Option<String> {
    match e {
        Expr::Num(_) | Expr::Heap(_) | Expr::Bound(_) => None,
        Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) | Expr::Mod(a, b) => {
            if let Some(why) = never_whole(a).or_else(|| never_whole(b)) {
                return Some(why);
            }
            if matches!(e, Expr::Div(..) | Expr::Mod(..)) && constant(b) == Some(Some(0)) {
                return Some("it divides by 0".into());
            }
            (constant(e) == Some(None))
                .then(|| "a part of it made of numbers alone is below 0 or past 2^128 - 1".into())
        }
    }
}

/// Why an option can never be a move, at any position, when that follows
/// from its writing alone: an expression of what it leaves, or a side of
/// a condition, is never a whole number, or a condition compares two
/// numbers and fails. Other options that never move (`(a-k,b):k<0`,
/// whose condition fails for every value but names a bound variable) are
/// not found: they are accepted, and play as no move.
fn never_moves(body: &Body, conds: &[Cond]) -> Option<String> {
    let exprs: Vec<&Expr> = match body {
        Body::Tuple(t) => t.iter().collect(),
        Body::Subset(e) | Body::One(e) => vec![e],
    };
    for e in exprs {
        if let Some(why) = never_whole(e) {
            return Some(format!("what it leaves is never a whole number ({why})"));
        }
    }
    for c in conds {
        for side in [&c.left, &c.right] {
            if let Some(why) = never_whole(side) {
                return Some(format!(
                    "a side of a condition is never a whole number ({why}), so the condition \
                     never holds"
                ));
            }
        }
        if let (Some(Some(l)), Some(Some(r))) = (constant(&c.left), constant(&c.right)) {
            if !c.cmp.holds(l as i128, r as i128) {
                return Some(format!(
                    "a condition compares the numbers {l} and {r}, and never holds"
                ));
            }
        }
    }
    None
}

fn convert(r: &Raw, arity: usize, subset: bool, bound: &mut Vec<String>) -> Parsed<Expr> {
    Ok(match r {
        Raw::Num(n) => Expr::Num(*n),
        Raw::Name(name, column) => {
            let heap = if subset {
                (name == "x").then_some(0)
            } else {
                let b = name.as_bytes();
                (b.len() == 1 && b[0] >= b'a' && usize::from(b[0] - b'a') < arity)
                    .then(|| usize::from(b[0] - b'a'))
            };
            if let Some(i) = heap {
                Expr::Heap(i)
            } else if let Some(j) = bound.iter().position(|b| b == name) {
                Expr::Bound(j)
            } else if bound.len() == MAX_BOUND {
                return Err(TupleError {
                    column: *column,
                    message: format!(
                        "{name} would be bound variable number {}: an option has at most \
                         {MAX_BOUND} (each takes the values 0 to the largest heap)",
                        MAX_BOUND + 1
                    ),
                });
            } else {
                bound.push(name.clone());
                Expr::Bound(bound.len() - 1)
            }
        }
        Raw::Op(op, a, b) => {
            let (a, b) = (
                Box::new(convert(a, arity, subset, bound)?),
                Box::new(convert(b, arity, subset, bound)?),
            );
            match op {
                b'-' => Expr::Sub(a, b),
                b'*' => Expr::Mul(a, b),
                b'/' => Expr::Div(a, b),
                _ => Expr::Mod(a, b),
            }
        }
    })
}

impl Parser<'_> {
    fn error(&self, message: &str) -> TupleError {
        TupleError {
            column: self.offset + self.at + 1,
            message: message.to_string(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.text[self.at..].starts_with(s.as_bytes()) {
            self.at += s.len();
            true
        } else {
            false
        }
    }

    fn option(&mut self) -> Parsed<RawOpt> {
        let start = self.at;
        self.operations = 0;
        let (mut tuple, mut subset, mut one) = (None, None, false);
        if self.eat("subset(") || {
            one = self.eat("one(");
            one
        } {
            let e = self.expr()?;
            if !self.eat(")") {
                return Err(self.error("expected `)` closing subset(E) or one(E)"));
            }
            subset = Some(e);
        } else if self.eat("(") {
            let mut parts = vec![self.expr()?];
            while self.eat(",") {
                if parts.len() == MAX_ARITY {
                    return Err(
                        self.error(&format!("a tuple holds at most {MAX_ARITY} heaps (a to h)"))
                    );
                }
                parts.push(self.expr()?);
            }
            if !self.eat(")") {
                return Err(self.error("expected `,` and the next heap, or `)` closing the tuple"));
            }
            tuple = Some(parts);
        } else {
            return Err(self.error(
                "expected an option: a tuple such as (a-k,b), subset(x-1) (one token from each \
                 heap of a non-empty set) or one(x-k) (from one heap)",
            ));
        }
        let mut conds = Vec::new();
        while self.eat(":") {
            conds.push(self.cond()?);
        }
        Ok(RawOpt {
            tuple,
            subset,
            one,
            conds,
            column: self.offset + start + 1,
            text: String::from_utf8_lossy(&self.text[start..self.at]).into_owned(),
        })
    }

    fn cond(&mut self) -> Parsed<(Raw, Cmp, Raw)> {
        let left = self.expr()?;
        let cmp = if self.eat("==") {
            Cmp::Eq
        } else if self.eat("!=") {
            Cmp::Ne
        } else if self.eat("<=") {
            Cmp::Le
        } else if self.eat(">=") {
            Cmp::Ge
        } else if self.eat("<") {
            Cmp::Lt
        } else if self.eat(">") {
            Cmp::Gt
        } else if self.eat("=") {
            Cmp::Eq
        } else {
            return Err(self.error("expected a comparison: == != < <= > >="));
        };
        Ok((left, cmp, self.expr()?))
    }

    /// A difference of terms.
    fn expr(&mut self) -> Parsed<Raw> {
        let mut left = self.term()?;
        while self.peek() == Some(b'-') {
            self.at += 1;
            let right = self.term()?;
            left = self.op(b'-', left, right)?;
        }
        Ok(left)
    }

    /// A product, quotient or remainder of atoms.
    fn term(&mut self) -> Parsed<Raw> {
        let mut left = self.atom()?;
        while let Some(op @ (b'*' | b'/' | b'%')) = self.peek() {
            self.at += 1;
            let right = self.atom()?;
            left = self.op(op, left, right)?;
        }
        Ok(left)
    }

    fn op(&mut self, op: u8, a: Raw, b: Raw) -> Parsed<Raw> {
        self.operations += 1;
        if self.operations > MAX_OPERATIONS {
            return Err(self.error(&format!(
                "an option holds at most {MAX_OPERATIONS} operations"
            )));
        }
        Ok(Raw::Op(op, Box::new(a), Box::new(b)))
    }

    fn atom(&mut self) -> Parsed<Raw> {
        match self.peek() {
            Some(b'(') => {
                if self.nesting == MAX_NESTING {
                    return Err(self.error(&format!("parentheses nest at most {MAX_NESTING} deep")));
                }
                self.at += 1;
                self.nesting += 1;
                let e = self.expr()?;
                self.nesting -= 1;
                if !self.eat(")") {
                    return Err(self.error("expected `)`"));
                }
                Ok(e)
            }
            Some(b'0'..=b'9') => {
                let start = self.at;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.at += 1;
                }
                let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
                digits.parse().map(Raw::Num).map_err(|_| TupleError {
                    column: self.offset + start + 1,
                    message: format!("{digits} is past 2^64 - 1"),
                })
            }
            Some(b'a'..=b'z') => {
                let start = self.at;
                while matches!(self.peek(), Some(b'a'..=b'z' | b'0'..=b'9' | b'_')) {
                    self.at += 1;
                }
                let name = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
                Ok(Raw::Name(name, self.offset + start + 1))
            }
            _ => Err(self.error(
                "expected a heap (a, b, ...; x in subset), a bound variable (k), a number or `(`",
            )),
        }
    }
}
