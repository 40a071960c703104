//! Scans the benchmark workloads' query string and `Cookie` header and prints
//! what binder-core finds: `cargo run -p binder-core --example scan`.
//!
//! Pass your own: `cargo run -p binder-core --example scan -- 'a=1&b=x%20y' 'sid=abc; theme=dark'`.

use binder_core::convert::Ref;
use binder_core::{cookie, query};

const QUERY: &[u8] = include_bytes!("../../benches/workloads/query5.txt");
const COOKIE: &[u8] = include_bytes!("../../benches/workloads/cookie6.txt");

fn show(bytes: Ref<'_, '_, [u8]>) -> String {
    match bytes.to_text() {
        Ok(Ref::Borrowed(s)) => format!("{s:?} (borrowed)"),
        Ok(Ref::Copied(s)) => format!("{s:?} (decoded)"),
        Err(e) => format!("<{e}>"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let query_in = args.first().map_or(QUERY, |s| s.as_bytes());
    let cookie_in = args.get(1).map_or(COOKIE, |s| s.as_bytes());

    println!("query: {}", String::from_utf8_lossy(query_in).trim_end());
    let mut scratch = vec![0u8; query_in.len()];
    for pair in query::pairs(query_in) {
        match pair {
            Ok(pair) => {
                let key = show(pair.decoded_key(&mut scratch).expect("scratch fits"));
                let value = show(pair.decoded_value(&mut scratch).expect("scratch fits"));
                println!("  {key} = {value}");
            }
            Err(e) => println!("  error: {e}"),
        }
    }

    println!("cookie: {}", String::from_utf8_lossy(cookie_in).trim_end());
    for c in cookie::cookies(cookie_in) {
        match c {
            Ok(c) => println!(
                "  {} = {}",
                show(Ref::Borrowed(c.name())),
                show(Ref::Borrowed(c.value()))
            ),
            Err(e) => println!("  error: {e}"),
        }
    }
}
