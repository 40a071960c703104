//! `json5` and `items1000`: binder-core's JSON reader walking the body and
//! reading every value (strings borrowed or decoded into stack scratch,
//! numbers parsed into `u32`/`f64`, bools) against serde_json validating it
//! into `IgnoredAny`, instructions and allocations.
use binder_bench::*;
use binder_core::json::{JsonStr, Reader};
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Dhat, EntryPoint, LibraryBenchmarkConfig,
};
use serde::de::IgnoredAny;
use std::hint::black_box;

// Each bench's body is a `*_run` function its setup also runs (to warm
// up, `binder_bench::warmed`); the bench `black_box`es its result so the
// call is not a tail call and the bench stays on the stack, where DHAT's
// entry point finds it.

/// What the walk read, summed so that nothing is optimised away.
#[derive(Debug, Default, PartialEq)]
struct Walked {
    strings: usize,
    text_bytes: usize,
    ints: u64,
    floats: f64,
    trues: usize,
    items: usize,
}

#[inline]
fn text(s: JsonStr<'_>, scratch: &mut [u8]) -> usize {
    match s.as_str() {
        Some(text) => text.len(),
        None => s.decode(scratch).map_or(0, |t| t.len()),
    }
}

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// `json5.json` as `User`: every member read into its field's type, as
/// `#[derive(Bind)]` does.
fn user(r: &mut Reader<'_>, w: &mut Walked, scratch: &mut [u8]) -> Res<()> {
    let mut names = [0u8; 16];
    r.begin_object()?;
    while let Some(name) = r.next_member(&mut names)? {
        match name.key() {
            Some(b"name" | b"email") => {
                w.strings += 1;
                w.text_bytes += text(r.read_str()?, scratch);
            }
            Some(b"age") => w.ints += u64::from(r.read_number()?.parse::<u32>()?),
            Some(b"score") => w.floats += r.read_number()?.parse::<f64>()?,
            Some(b"admin") => w.trues += usize::from(r.read_bool()?),
            _ => r.skip_value()?,
        }
    }
    Ok(())
}

/// `items1000.json` as `Cart`, its `items` as `Item`s.
fn cart(r: &mut Reader<'_>, w: &mut Walked, scratch: &mut [u8]) -> Res<()> {
    let mut names = [0u8; 16];
    r.begin_object()?;
    while let Some(name) = r.next_member(&mut names)? {
        match name.key() {
            Some(b"customer") => {
                w.strings += 1;
                w.text_bytes += text(r.read_str()?, scratch);
            }
            Some(b"items") => {
                r.begin_array()?;
                while r.next_element()? {
                    w.items += 1;
                    item(r, w, scratch)?;
                }
            }
            _ => r.skip_value()?,
        }
    }
    Ok(())
}

fn item(r: &mut Reader<'_>, w: &mut Walked, scratch: &mut [u8]) -> Res<()> {
    let mut names = [0u8; 16];
    r.begin_object()?;
    while let Some(name) = r.next_member(&mut names)? {
        match name.key() {
            Some(b"sku") => {
                w.strings += 1;
                w.text_bytes += text(r.read_str()?, scratch);
            }
            Some(b"qty") => w.ints += u64::from(r.read_number()?.parse::<u32>()?),
            Some(b"price") => w.floats += r.read_number()?.parse::<f64>()?,
            _ => r.skip_value()?,
        }
    }
    Ok(())
}

fn walk(body: &[u8], shape: fn(&mut Reader<'_>, &mut Walked, &mut [u8]) -> Res<()>) -> Walked {
    let mut w = Walked::default();
    let mut scratch = [0u8; 64];
    let mut r = Reader::new(body);
    shape(&mut r, &mut w, &mut scratch)
        .and_then(|()| Ok(r.finish()?))
        .expect("a valid body");
    w
}

/// The body, once its walk is checked.
fn walked(body: &'static [u8]) -> &'static [u8] {
    if body == JSON5 {
        let w = walk(body, user);
        let want = Walked {
            strings: 2,
            text_bytes: 12 + 15,
            ints: 36,
            floats: 99.5,
            trues: 1,
            items: 0,
        };
        assert_eq!(w, want);
    } else {
        let w = walk(body, cart);
        assert_eq!(
            (w.items, w.strings, w.text_bytes),
            (1000, 1001, 15 + 8 * 1000)
        );
    }
    body
}

/// The body, once serde_json accepts it.
fn accepted(body: &'static [u8]) -> &'static [u8] {
    serde_json::from_slice::<IgnoredAny>(body).expect("serde_json accepts the body");
    body
}

#[library_benchmark]
#[bench::json5(warmed(walked(JSON5), reader_user_run))]
fn reader_user(body: &'static [u8]) -> Walked {
    black_box(reader_user_run(body))
}

fn reader_user_run(body: &'static [u8]) -> Walked {
    walk(black_box(body), user)
}

#[library_benchmark]
#[bench::items1000(warmed(walked(ITEMS1000), reader_cart_run))]
fn reader_cart(body: &'static [u8]) -> Walked {
    black_box(reader_cart_run(body))
}

fn reader_cart_run(body: &'static [u8]) -> Walked {
    walk(black_box(body), cart)
}

#[library_benchmark]
#[bench::json5(warmed(accepted(JSON5), serde_json_ignored_any_run))]
#[bench::items1000(warmed(accepted(ITEMS1000), serde_json_ignored_any_run))]
fn serde_json_ignored_any(body: &'static [u8]) -> IgnoredAny {
    black_box(serde_json_ignored_any_run(body))
}

fn serde_json_ignored_any_run(body: &'static [u8]) -> IgnoredAny {
    serde_json::from_slice::<IgnoredAny>(black_box(body)).unwrap()
}

library_benchmark_group!(name = json_reader; benchmarks = reader_user, reader_cart, serde_json_ignored_any);

main!(
    config = LibraryBenchmarkConfig::default().tool(Dhat::default().entry_point(EntryPoint::Custom(
        "*::__iai_callgrind_wrapper_mod::*".into()
    )));
    library_benchmark_groups = json_reader
);
