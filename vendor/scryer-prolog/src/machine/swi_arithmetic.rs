//! ludolog: SWI-Prolog's evaluable functions that scryer-prolog lacks, evaluated at run
//! time. A clause that uses one is compiled to call its goal (`disjuncts.rs`), so
//! these run the same in a query, in a clause and through `call/N`, with SWI-Prolog's
//! errors.

use crate::arena::*;
use crate::arithmetic::result_f;
use crate::atom_table::*;
use crate::forms::*;
use crate::machine::arithmetic_ops::*;
use crate::machine::machine_errors::*;
use crate::machine::machine_state::*;
use crate::parser::ast::Fixnum;
use crate::parser::dashu::{Integer, Rational};
use crate::types::*;

use cpu_time::ProcessTime;
use dashu::base::{Abs, BitTest, Gcd, Signed};
use ordered_float::OrderedFloat;
use rand::rngs::StdRng;
use rand::Rng;

/// The context of an error of `name/arity` (SWI-Prolog's), built when it is thrown.
fn stub(name: Atom, arity: usize) -> impl Fn() -> MachineStub + 'static {
    move || functor_stub(name, arity)
}

fn type_error(valid: ValidType, n: Number, name: Atom, arity: usize) -> MachineStubGen {
    let stub_gen = stub(name, arity);
    Box::new(move |machine_st: &mut MachineState| {
        let error = machine_st.type_error(valid, n);
        machine_st.error_form(error, stub_gen())
    })
}

fn domain_error(domain: DomainErrorType, n: Number, name: Atom, arity: usize) -> MachineStubGen {
    let stub_gen = stub(name, arity);
    Box::new(move |machine_st: &mut MachineState| {
        let error = n.domain_error(machine_st, domain);
        machine_st.error_form(error, stub_gen())
    })
}

/// An integer argument of `name/arity`, or its type error.
fn integer_of(n: Number, name: Atom, arity: usize) -> Result<Integer, MachineStubGen> {
    match n {
        Number::Fixnum(x) => Ok(Integer::from(x.get_num())),
        Number::Integer(ref x) => Ok((**x).clone()),
        other => Err(type_error(ValidType::Integer, other, name, arity)),
    }
}

/// An integer argument of `name/arity` not less than `least`, or its error.
fn integer_from(
    n: Number,
    least: i64,
    name: Atom,
    arity: usize,
) -> Result<Integer, MachineStubGen> {
    let value = integer_of(n, name, arity)?;
    if value < Integer::from(least) {
        let domain = if least == 0 {
            DomainErrorType::NotLessThanZero
        } else {
            DomainErrorType::NotLessThanOne
        };
        return Err(domain_error(domain, n, name, arity));
    }
    Ok(value)
}

/// A float of a float function's result: an infinity is a float overflow, a NaN is
/// undefined (scryer-prolog's floats hold neither).
fn float_result(f: f64) -> Result<Number, MachineStubGen> {
    let checked = result_f(&Number::Float(OrderedFloat(f)));
    let stub_gen = stub(atom!("is"), 2);
    match checked {
        Ok(f) => Ok(Number::Float(OrderedFloat(f))),
        Err(e) => Err(Box::new(move |machine_st: &mut MachineState| {
            let error = machine_st.evaluation_error(e);
            machine_st.error_form(error, stub_gen())
        })),
    }
}

/// An integer as a number: a fixnum when it fits in one.
fn int_number(value: Integer, arena: &mut Arena) -> Number {
    match Fixnum::build_with_checked(&value) {
        Ok(n) => Number::Fixnum(n),
        Err(_) => Number::arena_from(value, arena),
    }
}

/// A rational as a number: an integer when its denominator is 1.
fn rational_number(r: Rational, arena: &mut Arena) -> Number {
    if r.denominator() == &dashu::integer::UBig::ONE {
        int_number(r.numerator().clone(), arena)
    } else {
        Number::arena_from(r, arena)
    }
}

/// SWI-Prolog's functions evaluated here, by name and arity: `SwiArith::function`
/// evaluates each of these and no other.
const SWI_FUNCTIONS: &[(Atom, usize)] = &[
    (atom!("cputime"), 0),
    (atom!("random_float"), 0),
    (atom!("random"), 1),
    (atom!("sinh"), 1),
    (atom!("cosh"), 1),
    (atom!("tanh"), 1),
    (atom!("asinh"), 1),
    (atom!("acosh"), 1),
    (atom!("atanh"), 1),
    (atom!("erf"), 1),
    (atom!("erfc"), 1),
    (atom!("lgamma"), 1),
    (atom!("numerator"), 1),
    (atom!("denominator"), 1),
    (atom!("rational"), 1),
    (atom!("rationalize"), 1),
    (atom!("atan"), 2),
    (atom!("copysign"), 2),
    (atom!("nexttoward"), 2),
    (atom!("lcm"), 2),
    (atom!("getbit"), 2),
    (atom!("powm"), 3),
];

/// Whether `name/arity` is one of SWI-Prolog's functions evaluated here.
pub(crate) fn is_swi_function(name: Atom, arity: usize) -> bool {
    SWI_FUNCTIONS.contains(&(name, arity))
}

/// The machine's parts SWI-Prolog's functions use: the arena their numbers live in and
/// the random numbers.  (The heap is borrowed by the evaluator meanwhile.)
pub(crate) struct SwiArith<'a> {
    pub(crate) arena: &'a mut Arena,
    pub(crate) rng: &'a mut StdRng,
}

impl SwiArith<'_> {
    /// The value of SWI-Prolog's function `name` of `args`, or `None` when it is none
    /// of them.
    pub(crate) fn function(
        &mut self,
        name: Atom,
        args: &[Number],
    ) -> Option<Result<Number, MachineStubGen>> {
        let value = match (name, args) {
            (atom!("cputime"), []) => Ok(Number::Float(OrderedFloat(
                ProcessTime::now().as_duration().as_secs_f64(),
            ))),
            (atom!("random_float"), []) => {
                // SWI-Prolog's is in the open interval (0, 1)
                let mut f: f64 = self.rng.gen();
                while f == 0.0 {
                    f = self.rng.gen();
                }
                Ok(Number::Float(OrderedFloat(f)))
            }
            (atom!("random"), &[n]) => self.random_below(n),
            (atom!("sinh"), &[n]) => float(n).and_then(|f| float_result(f.sinh())),
            (atom!("cosh"), &[n]) => float(n).and_then(|f| float_result(f.cosh())),
            (atom!("tanh"), &[n]) => float(n).and_then(|f| float_result(f.tanh())),
            (atom!("asinh"), &[n]) => float(n).and_then(|f| float_result(f.asinh())),
            (atom!("acosh"), &[n]) => float(n).and_then(|f| float_result(f.acosh())),
            (atom!("atanh"), &[n]) => float(n).and_then(|f| float_result(f.atanh())),
            (atom!("erf"), &[n]) => float(n).and_then(|f| float_result(libm::erf(f))),
            (atom!("erfc"), &[n]) => float(n).and_then(|f| float_result(libm::erfc(f))),
            (atom!("lgamma"), &[n]) => float(n).and_then(|f| float_result(libm::lgamma(f))),
            (atom!("numerator"), &[n]) => self.rational_part(n, name, true),
            (atom!("denominator"), &[n]) => self.rational_part(n, name, false),
            (atom!("rational"), &[n]) => self.rational_of(n, name, false),
            (atom!("rationalize"), &[n]) => self.rational_of(n, name, true),
            // SWI-Prolog's atan(0, 0) is 0.0 (scryer's atan2/2 raises undefined)
            (atom!("atan"), &[y, x]) => match (float(y), float(x)) {
                (Ok(y), Ok(x)) => float_result(y.atan2(x)),
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
            (atom!("copysign"), &[x, y]) => copysign(x, y, self.arena),
            (atom!("nexttoward"), &[x, y]) => match (float(x), float(y)) {
                (Ok(x), Ok(y)) => float_result(libm::nextafter(x, y)),
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
            (atom!("lcm"), &[a, b]) => self.lcm(a, b),
            (atom!("getbit"), &[v, i]) => self.getbit(v, i),
            (atom!("powm"), &[b, e, m]) => self.powm(b, e, m),
            _ => return None,
        };
        Some(value)
    }

    /// random(N): an integer in 0..N, N >= 1.
    fn random_below(&mut self, n: Number) -> Result<Number, MachineStubGen> {
        let upper = integer_from(n, 1, atom!("random"), 1)?;
        let value: Integer = self.rng.gen_range(Integer::ZERO..upper);
        Ok(int_number(value, self.arena))
    }

    /// numerator(R) and denominator(R) of an integer or a rational.
    fn rational_part(
        &mut self,
        n: Number,
        name: Atom,
        numerator: bool,
    ) -> Result<Number, MachineStubGen> {
        let value: Integer = match n {
            Number::Fixnum(_) | Number::Integer(_) if numerator => integer_of(n, name, 1)?,
            Number::Fixnum(_) | Number::Integer(_) => Integer::ONE,
            Number::Rational(ref r) if numerator => r.numerator().clone(),
            Number::Rational(ref r) => Integer::from(r.denominator().clone()),
            other => return Err(type_error(ValidType::Rational, other, name, 1)),
        };
        Ok(int_number(value, self.arena))
    }

    /// rational(X), the exact value of X, and rationalize(X), the simplest rational
    /// that reads back as the float X.
    fn rational_of(
        &mut self,
        n: Number,
        name: Atom,
        simplest: bool,
    ) -> Result<Number, MachineStubGen> {
        match n {
            Number::Float(OrderedFloat(f)) => {
                let r = if simplest {
                    Rational::simplest_from_f64(f)
                } else {
                    Rational::try_from(f).ok()
                };
                match r {
                    Some(r) => Ok(rational_number(r, self.arena)),
                    None => Err(type_error(ValidType::Float, n, name, 1)),
                }
            }
            other => Ok(other),
        }
    }

    /// lcm(A, B) of two integers, never negative; 0 when either is 0.
    fn lcm(&mut self, a: Number, b: Number) -> Result<Number, MachineStubGen> {
        let a = integer_of(a, atom!("lcm"), 2)?;
        let b = integer_of(b, atom!("lcm"), 2)?;
        let value = if a == Integer::ZERO || b == Integer::ZERO {
            Integer::ZERO
        } else {
            let g = Integer::from((&a).gcd(&b));
            (a / g * b).abs()
        };
        Ok(int_number(value, self.arena))
    }

    /// getbit(V, I): bit I of V, both not less than zero (SWI-Prolog names bit/2).
    fn getbit(&mut self, v: Number, i: Number) -> Result<Number, MachineStubGen> {
        let v = integer_from(v, 0, atom!("bit"), 2)?;
        let i = integer_from(i, 0, atom!("bit"), 2)?;
        let bit = match usize::try_from(&i) {
            Ok(i) => v.bit(i),
            Err(_) => false,
        };
        Ok(Number::arena_from(i64::from(bit), self.arena))
    }

    /// powm(B, E, M): B^E mod M, with B >= 0, E >= 0 and M >= 1.
    fn powm(&mut self, b: Number, e: Number, m: Number) -> Result<Number, MachineStubGen> {
        let name = atom!("powm");
        let b = integer_from(b, 0, name, 3)?;
        let e = integer_from(e, 0, name, 3)?;
        let m = integer_from(m, 1, name, 3)?;
        let modulus = dashu::integer::UBig::try_from(m).unwrap_or(dashu::integer::UBig::ONE);
        let ring = dashu::integer::fast_div::ConstDivisor::new(modulus);
        let exponent = dashu::integer::UBig::try_from(e).unwrap_or(dashu::integer::UBig::ZERO);
        let value = ring.reduce(b).pow(&exponent).residue();
        Ok(int_number(Integer::from(value), self.arena))
    }
}

/// copysign(X, Y): X's magnitude with Y's sign (a float's sign bit, so -0.0 is
/// negative); an integer or a rational X stays one, as in SWI-Prolog.
fn copysign(x: Number, y: Number, arena: &mut Arena) -> Result<Number, MachineStubGen> {
    let negative = match y {
        Number::Float(OrderedFloat(f)) => f.is_sign_negative(),
        Number::Fixnum(n) => n.get_num() < 0,
        Number::Integer(ref n) => n.is_negative(),
        Number::Rational(ref r) => r.is_negative(),
    };
    match x {
        Number::Fixnum(_) | Number::Integer(_) => {
            let magnitude = integer_of(x, atom!("copysign"), 2)?.abs();
            let value = if negative { -magnitude } else { magnitude };
            Ok(int_number(value, arena))
        }
        Number::Rational(ref r) => {
            let magnitude = (**r).clone().abs();
            let value = if negative { -magnitude } else { magnitude };
            Ok(rational_number(value, arena))
        }
        Number::Float(OrderedFloat(f)) => {
            let f = f.abs();
            float_result(if negative { -f } else { f })
        }
    }
}
