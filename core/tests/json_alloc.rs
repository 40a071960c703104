//! Reading JSON allocates nothing: strings without escapes are borrowed,
//! escaped ones decode into stack scratch, numbers convert in place, and
//! walking the benchmark workloads (every value read) counts zero
//! allocations.
//!
//! Its own test binary, with a counting global allocator and a single test,
//! so that nothing else runs while the count is taken.

use binder_core::convert::Ref;
use binder_core::json::{JsonStr, Kind, Reader};
use binder_test_support::counting::{Counting, Region};
use std::hint::black_box;

#[global_allocator]
static ALLOC: Counting = Counting;

/// Boxed only on the error path, which these tests never take.
type Res<T> = Result<T, Box<dyn std::error::Error>>;

static JSON5: &[u8] = include_bytes!("../../benches/workloads/json5.json");
static ITEMS1000: &[u8] = include_bytes!("../../benches/workloads/items1000.json");
static MIXED: &[u8] = include_bytes!("../../benches/workloads/mixed-body.json");

/// A string's text: borrowed, or decoded into `scratch`; its length.
fn text_len(s: JsonStr<'_>, scratch: &mut [u8]) -> usize {
    match s.as_str() {
        Some(text) => text.len(),
        None => s.decode(scratch).expect("fits the scratch").len(),
    }
}

/// `json5.json` read into `User`'s fields: `(name, age, email, admin,
/// score)`.
type User<'a> = (&'a str, u32, &'a str, bool, f64);

fn walk_user(body: &[u8]) -> Res<User<'_>> {
    let mut r = Reader::new(body);
    let mut user: User<'_> = ("", 0, "", false, 0.0);
    let mut names = [0u8; 16];
    r.begin_object()?;
    while let Some(name) = r.next_member(&mut names)? {
        match name.key() {
            Some(b"name") => user.0 = r.read_str()?.as_str().unwrap_or_default(),
            Some(b"age") => user.1 = r.read_number()?.parse()?,
            Some(b"email") => user.2 = r.read_str()?.as_str().unwrap_or_default(),
            Some(b"admin") => user.3 = r.read_bool()?,
            Some(b"score") => user.4 = r.read_number()?.parse()?,
            _ => r.skip_value()?,
        }
    }
    r.finish()?;
    Ok(user)
}

/// `items1000.json` read into `Cart`: every value read, the sums kept.
#[derive(Debug, Default, PartialEq)]
struct CartSums {
    customer_len: usize,
    items: usize,
    sku_bytes: usize,
    qty: u64,
    price: f64,
}

fn walk_cart(body: &[u8]) -> Res<CartSums> {
    let mut r = Reader::new(body);
    let mut sums = CartSums::default();
    let mut names = [0u8; 16];
    let mut scratch = [0u8; 64];
    r.begin_object()?;
    while let Some(name) = r.next_member(&mut names)? {
        match name.key() {
            Some(b"customer") => sums.customer_len = text_len(r.read_str()?, &mut scratch),
            Some(b"items") => {
                r.begin_array()?;
                while r.next_element()? {
                    sums.items += 1;
                    r.begin_object()?;
                    while let Some(name) = r.next_member(&mut names)? {
                        match name.key() {
                            Some(b"sku") => sums.sku_bytes += text_len(r.read_str()?, &mut scratch),
                            Some(b"qty") => sums.qty += u64::from(r.read_number()?.parse::<u32>()?),
                            Some(b"price") => sums.price += r.read_number()?.parse::<f64>()?,
                            _ => r.skip_value()?,
                        }
                    }
                }
            }
            _ => r.skip_value()?,
        }
    }
    r.finish()?;
    Ok(sums)
}

/// Any document, every value read (recursion only as deep as the document:
/// the stack, not the heap); how many values.
fn walk_any(r: &mut Reader<'_>, scratch: &mut [u8]) -> Res<usize> {
    Ok(match r.peek()? {
        Kind::Object => {
            let mut n = 1;
            r.begin_object()?;
            let mut names = [0u8; 32];
            while r.next_member(&mut names)?.is_some() {
                n += walk_any(r, scratch)?;
            }
            n
        }
        Kind::Array => {
            let mut n = 1;
            r.begin_array()?;
            while r.next_element()? {
                n += walk_any(r, scratch)?;
            }
            n
        }
        Kind::String => {
            black_box(text_len(r.read_str()?, scratch));
            1
        }
        Kind::Number => {
            let n = r.read_number()?;
            if n.is_integer() {
                black_box(n.parse::<i64>()?);
            } else {
                black_box(n.parse::<f64>()?);
            }
            1
        }
        Kind::Bool => {
            black_box(r.read_bool()?);
            1
        }
        Kind::Null => {
            r.read_null()?;
            1
        }
    })
}

fn walk_all(body: &[u8]) -> Res<usize> {
    let mut scratch = [0u8; 256];
    let mut r = Reader::new(body);
    let n = walk_any(&mut r, &mut scratch)?;
    r.finish()?;
    Ok(n)
}

/// Many plain strings, then escaped ones (decoded into stack scratch).
static PLAIN: &[u8] = "[\"\", \"a\", \"SKU-0001\", \"caf\u{e9} \u{1F600}\", \"a long string without a single escape in it, well past a word or two of SWAR\"]".as_bytes();
static ESCAPED: &[u8] = br#"["\n", "tab\there", "caf\u00e9", "\ud83d\ude00", "\"quoted\" \\ \/"]"#;

fn read_strings(body: &[u8]) -> Res<(usize, usize)> {
    let mut r = Reader::new(body);
    let mut scratch = [0u8; 128];
    let (mut count, mut bytes) = (0, 0);
    r.begin_array()?;
    while r.next_element()? {
        let s = r.read_str()?;
        bytes += match s.decode(&mut scratch).expect("fits") {
            Ref::Borrowed(text) => text.len(),
            Ref::Copied(text) => text.len(),
        };
        count += 1;
    }
    r.finish()?;
    Ok((count, bytes))
}

fn no_allocation<T>(f: impl FnOnce() -> T) -> T {
    let region = Region::new();
    let out = black_box(f());
    let stats = region.change();
    assert_eq!(
        (
            stats.allocations,
            stats.reallocations,
            stats.bytes_allocated
        ),
        (0, 0, 0),
        "{stats:?}"
    );
    out
}

#[test]
fn reading_json_allocates_nothing() {
    // Strings without escapes: borrowed from the input.
    let mut plain = None;
    no_allocation(|| {
        let mut r = Reader::new(black_box(PLAIN));
        r.begin_array().unwrap();
        while r.next_element().unwrap() {
            let s = r.read_str().unwrap();
            let text = s.as_str().expect("no escapes");
            plain = Some(text);
        }
        r.finish().unwrap();
    });
    let last = plain.unwrap();
    let body = PLAIN.as_ptr_range();
    assert!(body.contains(&last.as_ptr()) && last.starts_with("a long string"));
    assert_eq!(
        no_allocation(|| read_strings(black_box(PLAIN))).unwrap(),
        (5, 1 + 8 + 10 + 76)
    );
    // Escaped strings, decoded into stack scratch.
    assert_eq!(
        no_allocation(|| read_strings(black_box(ESCAPED))).unwrap(),
        (5, 1 + 8 + 5 + 4 + 12)
    );

    // The benchmark workloads, every value read.
    let user = no_allocation(|| walk_user(black_box(JSON5))).unwrap();
    assert_eq!(user, ("Ada Lovelace", 36, "ada@example.org", true, 99.5));
    let cart = no_allocation(|| walk_cart(black_box(ITEMS1000))).unwrap();
    assert_eq!((cart.customer_len, cart.items), (15, 1000));
    assert_eq!(cart.sku_bytes, 8 * 1000);
    assert!(cart.qty > 1000 && cart.price > 1000.0, "{cart:?}");
    assert_eq!(no_allocation(|| walk_all(black_box(JSON5))).unwrap(), 6);
    assert_eq!(
        no_allocation(|| walk_all(black_box(ITEMS1000))).unwrap(),
        2 + 1 + 1000 * 4
    );
    assert_eq!(no_allocation(|| walk_all(black_box(MIXED))).unwrap(), 6);

    // The counter is live: one escaped string as a `Cow` is one allocation.
    let region = Region::new();
    let owned = black_box(Reader::new(br#""a\nb""#).read_str().unwrap().to_cow());
    assert_eq!(region.change().allocations, 1);
    drop(owned);
}
