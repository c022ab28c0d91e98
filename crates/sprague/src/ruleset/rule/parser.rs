//! The notation of `rule:` words: the options of a heap of n written as
//! expressions of n (see [`super`] for the grammar), read into a
//! [`Rule`]. Every error names the column of the word (from 1, counting
//! the `rule:` prefix) where the rule stops making sense.

use std::fmt;

/// An expression of the heap size n: whole numbers, `n`, `-` (a negative
/// result leaves no option), `*`, `/` (rounding down), `%`, `min(a,b)`,
/// `max(a,b)`, `root(a,K)` and `rootup(a,K)` (the K-th root, rounded down
/// or up), parentheses, and `d`, a divisor named by the option's
/// condition `d|E`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// The heap size.
    N,
    /// The divisor `d` of the option's condition `d|E`.
    D,
    /// A whole number.
    Num(u64),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b`, rounded down.
    Div(Box<Expr>, Box<Expr>),
    /// `a % b`.
    Mod(Box<Expr>, Box<Expr>),
    /// `min(a,b)`.
    Min(Box<Expr>, Box<Expr>),
    /// `max(a,b)`.
    Max(Box<Expr>, Box<Expr>),
    /// `root(a,K)`, the K-th root of a rounded down, or `rootup(a,K)`,
    /// rounded up (K from 1 to 64; a below 0 has no root).
    Root {
        /// The number whose root is taken.
        of: Box<Expr>,
        /// Which root: 2 for the square root.
        k: u32,
        /// Rounded up (`rootup`) rather than down (`root`).
        up: bool,
    },
}

impl Expr {
    /// Whether the expression names `d`.
    pub fn mentions_d(&self) -> bool {
        match self {
            Expr::D => true,
            Expr::N | Expr::Num(_) => false,
            Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Mod(a, b)
            | Expr::Min(a, b)
            | Expr::Max(a, b) => a.mentions_d() || b.mentions_d(),
            Expr::Root { of, .. } => of.mentions_d(),
        }
    }
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
    pub fn holds<T: Ord>(self, a: T, b: T) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }
}

/// A condition on the heap: `even`, `odd`, or `A CMP B` for expressions
/// A and B of n (`n>=3`, `n%3==1`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cond {
    /// The left side.
    pub left: Expr,
    /// The comparison.
    pub cmp: Cmp,
    /// The right side.
    pub right: Expr,
}

/// What an option leaves in place of the heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// The heaps given, one to three (`n-1`, `n/2&n/2`); a part of 0 is no
    /// heap.
    Parts(Vec<Expr>),
    /// Any one heap from `lo` to `hi` (`0..n-1` is Nim).
    Range(Expr, Expr),
    /// Two non-empty heaps adding up to the expression, any way
    /// (`split(n-1)`).
    Split(Expr),
    /// Two non-empty heaps of different sizes adding up to the expression
    /// (`unequal(n)`: Grundy's game).
    Unequal(Expr),
    /// Three non-empty heaps adding up to the expression, any way
    /// (`split3(n-1)`).
    Split3(Expr),
    /// The first expression split into K equal heaps, K the second (a move
    /// only where K divides it): `equal(n,3)` leaves three thirds of n,
    /// `equal(n-1,4)` takes one and splits the rest into four.
    Equal(Expr, Expr),
}

/// One option of the rule: what it leaves, and when it may be played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opt {
    /// What the move leaves.
    pub body: Body,
    /// Conditions on the heap, all of which must hold.
    pub conds: Vec<Cond>,
    /// E of the condition `d|E`: the option is played once for each
    /// divisor d of E (1 and E included; none where E is 0 or undefined),
    /// with `d` standing for it in the body and the other conditions.
    pub divisor_of: Option<Expr>,
    /// The column of the option in the word (from 1).
    pub column: usize,
    /// The option as written.
    pub text: String,
}

/// A rule: the options of a heap of n.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The options, in the order written.
    pub options: Vec<Opt>,
}

/// Why a rule could not be read, and the column (from 1, in the whole word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The column of the word where the error is.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

/// The deepest nesting of parentheses a rule may hold.
const MAX_NESTING: usize = 64;

/// The most operations (`-`, `*`, `/`, `%`) one option may hold: the
/// evaluation follows the expression's tree, so its depth is bounded.
const MAX_OPERATIONS: usize = 1000;

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    /// Parentheses open where the parser is.
    nesting: usize,
    /// Operations read in the present option.
    operations: usize,
    /// The column of byte 0 of `text` in the whole word, less one.
    offset: usize,
    /// Where the present option first names `d`, if it does.
    first_d: Option<usize>,
    /// E of the present option's condition `d|E`.
    divisor_of: Option<Expr>,
}

type Parsed<T> = Result<T, RuleError>;

/// Reads the rule after `rule:`; `offset` is the column of its first
/// character less one (5 for `rule:`).
///
/// # Errors
/// A [`RuleError`] naming the column and what was expected there.
pub fn parse_rule(text: &str, offset: usize) -> Parsed<Rule> {
    if !text.is_ascii() {
        let at = text
            .char_indices()
            .find(|(_, c)| !c.is_ascii())
            .map_or(0, |(i, _)| i);
        return Err(RuleError {
            column: offset + text[..at].chars().count() + 1,
            message: "a rule is written in ASCII: n, numbers, - * / % ( ) & , : .. and words \
                      such as split, even"
                .into(),
        });
    }
    let mut p = Parser {
        text: text.as_bytes(),
        at: 0,
        nesting: 0,
        operations: 0,
        offset,
        first_d: None,
        divisor_of: None,
    };
    if text.is_empty() {
        return Err(p.error(
            "a rule needs its options, e.g. rule:n-1,n-2,n/2&n/2:even (take 1 or 2, or split an \
             even heap into two halves)",
        ));
    }
    let mut options = Vec::new();
    loop {
        options.push(p.option()?);
        match p.peek() {
            None => break,
            Some(b',') => p.at += 1,
            Some(b'+') => {
                return Err(p.error(
                    "`+` separates the components of a position and needs spaces around it \
                     (rule:n-1,n-2 5 + nim 3); a rule itself cannot use it",
                ))
            }
            Some(_) => return Err(p.error("expected `,` before the next option, or the end")),
        }
    }
    Ok(Rule { options })
}

impl Parser<'_> {
    fn error(&self, message: &str) -> RuleError {
        RuleError {
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

    fn option(&mut self) -> Parsed<Opt> {
        let start = self.at;
        self.operations = 0;
        self.first_d = None;
        self.divisor_of = None;
        let body = self.body()?;
        let mut conds = Vec::new();
        while self.peek() == Some(b':') {
            self.at += 1;
            if self.eat("d|") {
                self.divisor_condition()?;
            } else {
                conds.push(self.cond()?);
            }
        }
        if let (Some(at), None) = (self.first_d, &self.divisor_of) {
            return Err(RuleError {
                column: self.offset + at + 1,
                message: "d names a divisor: the option needs the condition d|E saying of what                           (rule:n-d:d|n:d<n takes a proper divisor of the heap)"
                    .into(),
            });
        }
        Ok(Opt {
            body,
            conds,
            divisor_of: self.divisor_of.take(),
            column: self.offset + start + 1,
            text: String::from_utf8_lossy(&self.text[start..self.at]).into_owned(),
        })
    }

    fn body(&mut self) -> Parsed<Body> {
        if self.eat("equal(") {
            let e = self.expr()?;
            if !self.eat(",") {
                return Err(self.error(
                    "expected `,` and the number of equal heaps: equal(E,K) splits E into K \
                     equal heaps",
                ));
            }
            let k_at = self.at;
            let k = self.expr()?;
            if k == Expr::Num(0) {
                return Err(RuleError {
                    column: self.offset + k_at + 1,
                    message: "equal(E,K) splits E into K equal heaps: K must be at least 1".into(),
                });
            }
            if !self.eat(")") {
                return Err(self.error("expected `)` closing equal(E,K)"));
            }
            return Ok(Body::Equal(e, k));
        }
        for (word, make) in [
            ("split3(", Body::Split3 as fn(Expr) -> Body),
            ("split(", Body::Split),
            ("unequal(", Body::Unequal),
        ] {
            if self.eat(word) {
                let e = self.expr()?;
                if !self.eat(")") {
                    return Err(self.error("expected `)` closing the split"));
                }
                return Ok(make(e));
            }
        }
        let first = self.expr()?;
        if self.eat("..") {
            let hi = self.expr()?;
            return Ok(Body::Range(first, hi));
        }
        let mut parts = vec![first];
        while self.peek() == Some(b'&') {
            if parts.len() == 3 {
                return Err(
                    self.error("an option leaves at most three heaps (as in take-and-break games)")
                );
            }
            self.at += 1;
            parts.push(self.expr()?);
        }
        Ok(Body::Parts(parts))
    }

    /// The condition `d|E` after its `d|`: E may not name d, and an
    /// option names one divisor.
    fn divisor_condition(&mut self) -> Parsed<()> {
        let at = self.at - 2;
        if self.divisor_of.is_some() {
            return Err(RuleError {
                column: self.offset + at + 1,
                message: "an option names one divisor d: it has one condition d|E".into(),
            });
        }
        let before = self.first_d;
        self.first_d = None;
        let e = self.expr()?;
        if let Some(d_at) = self.first_d {
            return Err(RuleError {
                column: self.offset + d_at + 1,
                message: "in d|E, E is what d divides: it cannot itself name d".into(),
            });
        }
        self.first_d = before;
        self.divisor_of = Some(e);
        Ok(())
    }

    fn cond(&mut self) -> Parsed<Cond> {
        let two = |r| Expr::Mod(Box::new(Expr::N), Box::new(Expr::Num(r)));
        if self.eat("even") {
            return Ok(Cond {
                left: two(2),
                cmp: Cmp::Eq,
                right: Expr::Num(0),
            });
        }
        if self.eat("odd") {
            return Ok(Cond {
                left: two(2),
                cmp: Cmp::Eq,
                right: Expr::Num(1),
            });
        }
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
            return Err(self.error(
                "expected a comparison (== != < <= > >=) in the condition, or `even`/`odd`",
            ));
        };
        let right = self.expr()?;
        Ok(Cond { left, cmp, right })
    }

    fn expr(&mut self) -> Parsed<Expr> {
        let mut e = self.term()?;
        loop {
            if self.peek() == Some(b'-') {
                self.operation()?;
                self.at += 1;
                e = Expr::Sub(Box::new(e), Box::new(self.term()?));
            } else if self.peek() == Some(b'+') {
                return Err(self.error(
                    "`+` separates the components of a position, so a rule cannot use it: \
                     join the heaps a move leaves with `&` (n/2&n/2), and write n-1 rather \
                     than adding",
                ));
            } else {
                return Ok(e);
            }
        }
    }

    /// Counts one more operation of the option, refusing one too many.
    fn operation(&mut self) -> Parsed<()> {
        self.operations += 1;
        if self.operations > MAX_OPERATIONS {
            return Err(self.error(&format!(
                "an option holds at most {MAX_OPERATIONS} operations (- * / %)"
            )));
        }
        Ok(())
    }

    /// Runs `f` one level of nesting deeper (the arguments of min, max),
    /// refusing nesting past [`MAX_NESTING`].
    fn nested(&mut self, f: impl FnOnce(&mut Self) -> Parsed<Expr>) -> Parsed<Expr> {
        if self.nesting == MAX_NESTING {
            return Err(self.error(&format!("parentheses nested more than {MAX_NESTING} deep")));
        }
        self.nesting += 1;
        let e = f(self);
        self.nesting -= 1;
        e
    }

    fn term(&mut self) -> Parsed<Expr> {
        let mut e = self.factor()?;
        loop {
            let op = match self.peek() {
                Some(b'*') => Expr::Mul as fn(Box<Expr>, Box<Expr>) -> Expr,
                Some(b'/') => Expr::Div,
                Some(b'%') => Expr::Mod,
                _ => return Ok(e),
            };
            self.operation()?;
            self.at += 1;
            e = op(Box::new(e), Box::new(self.factor()?));
        }
    }

    fn factor(&mut self) -> Parsed<Expr> {
        match self.peek() {
            Some(b'n')
                if !self
                    .text
                    .get(self.at + 1)
                    .is_some_and(u8::is_ascii_alphabetic) =>
            {
                self.at += 1;
                Ok(Expr::N)
            }
            Some(b'd')
                if !self
                    .text
                    .get(self.at + 1)
                    .is_some_and(u8::is_ascii_alphabetic) =>
            {
                self.first_d.get_or_insert(self.at);
                self.at += 1;
                Ok(Expr::D)
            }
            Some(b'm')
                if self.text[self.at..].starts_with(b"min(")
                    || self.text[self.at..].starts_with(b"max(") =>
            {
                let min = self.text[self.at + 1] == b'i';
                self.operation()?;
                self.at += 4;
                let a = self.nested(|p| p.expr())?;
                if !self.eat(",") {
                    return Err(
                        self.error("expected `,` between the two sides of min(a,b) or max(a,b)")
                    );
                }
                let b = self.nested(|p| p.expr())?;
                if !self.eat(")") {
                    return Err(self.error("expected `)` closing min(a,b) or max(a,b)"));
                }
                let (a, b) = (Box::new(a), Box::new(b));
                Ok(if min {
                    Expr::Min(a, b)
                } else {
                    Expr::Max(a, b)
                })
            }
            Some(b'r') if self.text[self.at..].starts_with(b"root") => {
                let up = self.text[self.at..].starts_with(b"rootup(");
                if !up && !self.text[self.at..].starts_with(b"root(") {
                    return Err(self.error("expected root(a,K) or rootup(a,K)"));
                }
                self.operation()?;
                self.at += if up { 7 } else { 5 };
                let of = self.nested(|p| p.expr())?;
                if !self.eat(",") {
                    return Err(self
                        .error("expected `,` and which root, as in root(n,2) (the square root)"));
                }
                let start = self.at;
                while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    self.at += 1;
                }
                let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
                let k = digits.parse::<u32>().ok().filter(|k| (1..=64).contains(k));
                let Some(k) = k else {
                    self.at = start;
                    return Err(self.error(
                        "expected which root, a number from 1 to 64, as in root(n,2) (the \
                         square root, rounded down) or rootup(n,4)",
                    ));
                };
                if !self.eat(")") {
                    return Err(self.error("expected `)` closing root(a,K) or rootup(a,K)"));
                }
                Ok(Expr::Root {
                    of: Box::new(of),
                    k,
                    up,
                })
            }
            Some(b'(') => {
                if self.nesting == MAX_NESTING {
                    return Err(
                        self.error(&format!("parentheses nested more than {MAX_NESTING} deep"))
                    );
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
            Some(b) if b.is_ascii_digit() => {
                let start = self.at;
                while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    self.at += 1;
                }
                let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
                digits.parse().map(Expr::Num).map_err(|_| RuleError {
                    column: self.offset + start + 1,
                    message: "a number of the rule is above 2^64 - 1".into(),
                })
            }
            Some(b' ') => Err(self.error(
                "a ruleset word holds no spaces (they separate the words of a position): \
                 write the rule without them, e.g. rule:n-1,n/2&n/2:even",
            )),
            Some(b) if b.is_ascii_alphabetic() => Err(self.error(
                "expected n, d, a number, min(a,b), max(a,b), root(a,K), rootup(a,K) or `(`; \
                 the words a rule knows \
                 are split(E), split3(E), unequal(E), equal(E,K) (an option) and even, odd, \
                 d|E (a condition)",
            )),
            None => Err(self.error(
                "the rule ends where n, a number or `(` was expected (a ruleset word holds no \
                 spaces: a space ends it)",
            )),
            Some(_) => Err(self.error("expected n, a number or `(`")),
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Fully parenthesised below the top, so the canonical form reads
        // back the same.
        fn inner(e: &Expr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match e {
                Expr::N
                | Expr::D
                | Expr::Num(_)
                | Expr::Min(..)
                | Expr::Max(..)
                | Expr::Root { .. } => {
                    write!(f, "{e}")
                }
                _ => write!(f, "({e})"),
            }
        }
        let (a, op, b) = match self {
            Expr::N => return f.write_str("n"),
            Expr::D => return f.write_str("d"),
            Expr::Num(k) => return write!(f, "{k}"),
            Expr::Min(a, b) => return write!(f, "min({a},{b})"),
            Expr::Max(a, b) => return write!(f, "max({a},{b})"),
            Expr::Root { of, k, up } => {
                let name = if *up { "rootup" } else { "root" };
                return write!(f, "{name}({of},{k})");
            }
            Expr::Sub(a, b) => (a, "-", b),
            Expr::Mul(a, b) => (a, "*", b),
            Expr::Div(a, b) => (a, "/", b),
            Expr::Mod(a, b) => (a, "%", b),
        };
        inner(a, f)?;
        f.write_str(op)?;
        inner(b, f)
    }
}

impl fmt::Display for Opt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.body {
            Body::Parts(parts) => {
                let mut sorted: Vec<String> = parts.iter().map(Expr::to_string).collect();
                sorted.sort();
                f.write_str(&sorted.join("&"))?;
            }
            Body::Range(a, b) => write!(f, "{a}..{b}")?,
            Body::Split(e) => write!(f, "split({e})")?,
            Body::Unequal(e) => write!(f, "unequal({e})")?,
            Body::Split3(e) => write!(f, "split3({e})")?,
            Body::Equal(e, k) => write!(f, "equal({e},{k})")?,
        }
        if let Some(e) = &self.divisor_of {
            write!(f, ":d|{e}")?;
        }
        for c in &self.conds {
            write!(f, ":{}{}{}", c.left, c.cmp.text(), c.right)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_contest_rule() {
        let r = parse_rule("n-1,n-2,n-4,n/2&n/2:even", 5).unwrap();
        assert_eq!(r.options.len(), 4);
        assert_eq!(r.options[3].to_string(), "n/2&n/2:n%2==0");
        assert_eq!(r.options[3].column, 18);
        let r = parse_rule("n-1,equal(n,4):n>=8", 5).unwrap();
        assert_eq!(r.options[1].to_string(), "equal(n,4):n>=8");
        assert_eq!(r.options[1].column, 10);
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse_rule("n-1,n-", 5).unwrap_err();
        assert_eq!(e.column, 12);
        let e = parse_rule("n-1;n-2", 5).unwrap_err();
        assert_eq!(e.column, 9);
        let e = parse_rule("n/2&n/2:n>>2", 5).unwrap_err();
        assert_eq!(e.column, 16);
        let e = parse_rule("n+1", 5).unwrap_err();
        assert!(e.message.contains('+'));
        let e = parse_rule("1&1&1&1", 5).unwrap_err();
        assert_eq!(e.column, 11);
        let e = parse_rule("equal(n;2)", 5).unwrap_err();
        assert_eq!(e.column, 13);
        let e = parse_rule("equal(n,2", 5).unwrap_err();
        assert_eq!(e.column, 15);
        let e = parse_rule("splut(n)", 5).unwrap_err();
        assert_eq!(e.column, 6);
        let e = parse_rule("99999999999999999999", 5).unwrap_err();
        assert_eq!(e.column, 6);
    }
}
