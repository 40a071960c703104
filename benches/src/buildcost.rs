//! `buildcost`: what binder's derive costs a user's build, against serde's,
//! on the same generated request structs.
//!
//! For each flavour (binder, serde) and struct count N (and N = 0, the
//! baseline) it writes a standalone binary crate under `target/buildcost/`,
//! then measures, `--reps` times: the release build's CPU seconds, a
//! `cargo check`'s wall seconds, the debug build's CPU seconds, an
//! incremental debug rebuild after one struct is edited (wall seconds), and
//! the stripped binary's size. Every measured command rebuilds the generated
//! crate alone: its dependencies are built once per profile, beforehand, in
//! the shared `target/buildcost/target`, and a measurement during which
//! cargo compiled anything else is thrown away and taken again. CPU seconds
//! are user + sys of cargo's whole process tree (rustc, the linker), read
//! from GNU time (`/usr/bin/time`, which reads them from `wait4`).
//!
//! See benches/README.md ("Build cost").

use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime};

/// The generator's seed: the same structs on every run and in both flavours.
const SEED: u64 = 0x6269_6e64_6572_0014;

/// The share of query, JSON and form structs, in percent (JSON gets the rest).
const QUERY_PERCENT: usize = 34;
const FORM_PERCENT: usize = 16;

/// Who derives the structs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// `#[derive(Bind)]` as written by default: every body field accepts
    /// each body format (JSON, urlencoded form, multipart).
    Binder,
    /// The same structs declaring the one format each is sent in
    /// (`#[bind(accept = "json")]`, `"form"`), as the serde flavour picks
    /// one deserializer per struct: the like-for-like comparison.
    BinderAccept,
    Serde,
}

impl Flavour {
    fn name(self) -> &'static str {
        match self {
            Flavour::Binder => "binder",
            Flavour::BinderAccept => "binder-accept",
            Flavour::Serde => "serde",
        }
    }

    fn is_binder(self) -> bool {
        self != Flavour::Serde
    }
}

/// `buildcost [--structs 10,50,100] [--reps 3] [--flavours binder,binder-accept,serde] [--quick]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The struct counts, ascending, 0 (the baseline) first.
    pub structs: Vec<usize>,
    pub reps: usize,
    pub flavours: Vec<Flavour>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let (mut structs, mut reps, mut flavours) = (None, None, None);
        let mut quick = false;
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            if flag == "--quick" {
                quick = true;
                continue;
            }
            let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            match flag.as_str() {
                "--structs" => {
                    let n: Result<Vec<usize>, _> = value.split(',').map(str::parse).collect();
                    structs =
                        Some(n.map_err(|_| format!("--structs: not a list of counts: {value}"))?);
                }
                "--reps" => {
                    let n: usize = value
                        .parse()
                        .map_err(|_| format!("--reps: not a number: {value}"))?;
                    reps = Some(n.max(1));
                }
                "--flavours" => {
                    let f: Result<Vec<Flavour>, String> = value
                        .split(',')
                        .map(|f| match f {
                            "binder" => Ok(Flavour::Binder),
                            "binder-accept" => Ok(Flavour::BinderAccept),
                            "serde" => Ok(Flavour::Serde),
                            _ => Err(format!(
                                "--flavours: binder, binder-accept or serde, not {f}"
                            )),
                        })
                        .collect();
                    flavours = Some(f?);
                }
                _ => return Err(format!("unknown flag {flag}")),
            }
        }
        let mut structs = structs.unwrap_or(if quick {
            vec![10, 50]
        } else {
            vec![10, 50, 100]
        });
        structs.push(0);
        structs.sort_unstable();
        structs.dedup();
        let mut flavours =
            flavours.unwrap_or(vec![Flavour::Binder, Flavour::BinderAccept, Flavour::Serde]);
        flavours.dedup();
        Ok(Options {
            structs,
            reps: reps.unwrap_or(if quick { 1 } else { 3 }),
            flavours,
        })
    }

    /// Why a run with these options is a probe whose report must not replace
    /// the recorded one (`None`: it may): BENCHMARKS.md compares binder's
    /// flavours with serde's and fits a line through at least two counts.
    pub fn probe(&self) -> Option<&'static str> {
        let all = [Flavour::Binder, Flavour::BinderAccept, Flavour::Serde];
        if !all.iter().all(|f| self.flavours.contains(f)) {
            return Some("not every flavour (binder, binder-accept, serde) ran");
        }
        if self.structs.iter().filter(|&&n| n > 0).count() < 2 {
            return Some("fewer than two struct counts ran");
        }
        None
    }
}

// ---------------------------------------------------------------------------
// The generator.

/// splitmix64: small, seeded, the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Query,
    Json,
    Form,
}

/// A field's type; `Nested` is the JSON struct's nested struct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    String,
    OptString,
    U32,
    I64,
    F64,
    Bool,
    VecString,
    Nested,
}

const SCALARS: [Ty; 7] = [
    Ty::String,
    Ty::OptString,
    Ty::U32,
    Ty::I64,
    Ty::F64,
    Ty::Bool,
    Ty::VecString,
];

impl Ty {
    fn rust(self, owner: usize) -> String {
        match self {
            Ty::String => "String".into(),
            Ty::OptString => "Option<String>".into(),
            Ty::U32 => "u32".into(),
            Ty::I64 => "i64".into(),
            Ty::F64 => "f64".into(),
            Ty::Bool => "bool".into(),
            Ty::VecString => "Vec<String>".into(),
            Ty::Nested => format!("S{owner}Nested"),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Field {
    name: String,
    ty: Ty,
}

/// One generated struct: a JSON struct has one `Nested` field, whose
/// struct's fields are `nested`.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    kind: Kind,
    fields: Vec<Field>,
    nested: Vec<Field>,
}

/// Words for field names: one word is at most 7 bytes or longer, two or
/// three joined make longer names.
const WORDS: &[&str] = &[
    "id",
    "name",
    "page",
    "sort",
    "tag",
    "email",
    "limit",
    "offset",
    "query",
    "user",
    "team",
    "region",
    "locale",
    "status",
    "price",
    "amount",
    "currency",
    "country",
    "city",
    "street",
    "postal",
    "phone",
    "display",
    "enabled",
    "verified",
    "category",
    "created",
    "updated",
    "archived",
    "reference",
    "quantity",
    "discount",
    "shipping",
    "billing",
    "account",
    "customer",
    "session",
    "token",
    "channel",
    "priority",
    "timezone",
    "max",
    "min",
    "count",
    "total",
    "note",
    "title",
    "summary",
    "version",
];

/// How many query, JSON and form structs make `n`.
fn mix(n: usize) -> (usize, usize, usize) {
    let query = (n * QUERY_PERCENT + 50) / 100;
    let form = (n * FORM_PERCENT + 50) / 100;
    (query, n - query - form, form)
}

/// 4 to 12 fields with distinct snake_case names, `fixed` among them.
fn fields(rng: &mut Rng, fixed: Option<Field>) -> Vec<Field> {
    let count = 4 + rng.below(9);
    let mut out: Vec<Field> = Vec::with_capacity(count);
    let slot = fixed.as_ref().map(|_| rng.below(count));
    for i in 0..count {
        if slot == Some(i) {
            out.extend(fixed.clone());
            continue;
        }
        let words = match rng.below(6) {
            0..=2 => 1,
            3 | 4 => 2,
            _ => 3,
        };
        let mut name: Vec<&str> = (0..words).map(|_| WORDS[rng.below(WORDS.len())]).collect();
        name.dedup();
        let mut name = name.join("_");
        if out.iter().chain(&fixed).any(|f| f.name == name) {
            name = format!("{name}_{i}");
        }
        out.push(Field {
            name,
            ty: SCALARS[rng.below(SCALARS.len())],
        });
    }
    out
}

/// The `n` structs, in a seeded order of kinds.
fn shapes(n: usize) -> Vec<Shape> {
    let mut rng = Rng(SEED);
    let (query, json, form) = mix(n);
    let mut kinds: Vec<Kind> = [(Kind::Query, query), (Kind::Json, json), (Kind::Form, form)]
        .iter()
        .flat_map(|&(k, c)| std::iter::repeat_n(k, c))
        .collect();
    for i in (1..kinds.len()).rev() {
        kinds.swap(i, rng.below(i + 1));
    }
    kinds
        .into_iter()
        .map(|kind| {
            if kind == Kind::Json {
                let nested_name = WORDS[rng.below(WORDS.len())].to_owned() + "_info";
                let outer = fields(
                    &mut rng,
                    Some(Field {
                        name: nested_name,
                        ty: Ty::Nested,
                    }),
                );
                Shape {
                    kind,
                    fields: outer,
                    nested: fields(&mut rng, None),
                }
            } else {
                Shape {
                    kind,
                    fields: fields(&mut rng, None),
                    nested: Vec::new(),
                }
            }
        })
        .collect()
}

/// Which field the incremental measurement renames: the first scalar field
/// of the first JSON struct (`None`: the baseline body struct's).
fn edited(shapes: &[Shape]) -> Option<(usize, usize)> {
    let s = shapes.iter().position(|s| s.kind == Kind::Json)?;
    let f = shapes[s].fields.iter().position(|f| f.ty != Ty::Nested)?;
    Some((s, f))
}

/// `src/structs.rs`: the baseline structs, the `n` structs and one function
/// each that binds or deserializes it. `edit`: with one field renamed.
fn structs_rs(flavour: Flavour, shapes: &[Shape], edit: bool) -> String {
    let edited = if edit { edited(shapes) } else { None };
    let base_body = if edit && edited.is_none() { "b_x" } else { "b" };
    let mut out = format!(
        "//! Generated by `binder-bench buildcost`: {} {} structs; do not edit.\n#![allow(dead_code)]\n\n",
        shapes.len(),
        flavour.name()
    );
    let derive = if flavour.is_binder() {
        "#[derive(binder_http::Bind)]"
    } else {
        "#[derive(serde::Deserialize)]"
    };
    let strukt = |out: &mut String,
                  name: &str,
                  source: &str,
                  fields: &[Field],
                  owner: usize,
                  renamed: Option<usize>,
                  accept: Option<&str>| {
        let _ = writeln!(out, "{derive}");
        if let (Flavour::BinderAccept, Some(format)) = (flavour, accept) {
            let _ = writeln!(out, "#[bind(accept = \"{format}\")]");
        }
        let _ = writeln!(out, "pub struct {name} {{");
        for (i, f) in fields.iter().enumerate() {
            if flavour.is_binder() {
                let _ = writeln!(out, "    #[bind({source})]");
            }
            let suffix = if renamed == Some(i) { "_x" } else { "" };
            let _ = writeln!(out, "    {}{suffix}: {},", f.name, f.ty.rust(owner));
        }
        out.push_str("}\n\n");
    };
    // The baseline, in every crate: one query field, one body field.
    strukt(
        &mut out,
        "BaseQuery",
        "query",
        &[Field {
            name: "q".into(),
            ty: Ty::String,
        }],
        0,
        None,
        None,
    );
    strukt(
        &mut out,
        "BaseBody",
        "body",
        &[Field {
            name: base_body.into(),
            ty: Ty::String,
        }],
        0,
        None,
        None,
    );
    match flavour {
        Flavour::Binder | Flavour::BinderAccept => out.push_str(
            "pub fn bind_base_query(req: &http::Request<Vec<u8>>) -> bool {\n    binder_http::bind::<BaseQuery, Vec<u8>>(req, &[]).is_ok()\n}\n\n\
             pub fn bind_base_body(req: &http::Request<Vec<u8>>) -> bool {\n    binder_http::bind::<BaseBody, Vec<u8>>(req, &[]).is_ok()\n}\n\n",
        ),
        Flavour::Serde => out.push_str(
            "pub fn de_base_query(q: &str) -> bool {\n    serde_urlencoded::from_str::<BaseQuery>(q).is_ok()\n}\n\n\
             pub fn de_base_json(b: &[u8]) -> bool {\n    serde_json::from_slice::<BaseBody>(b).is_ok()\n}\n\n\
             pub fn de_base_form(b: &[u8]) -> bool {\n    serde_urlencoded::from_bytes::<BaseBody>(b).is_ok()\n}\n\n",
        ),
    }
    // Each struct in a module of its own, as an application's handlers
    // would be: in one module, all the structs' code shares the debug
    // build's codegen units and an edit to one rebuilds them all.
    let mut out_all = out;
    for (i, s) in shapes.iter().enumerate() {
        let mut module = String::new();
        let out = &mut module;
        let renamed = edited.filter(|&(e, _)| e == i).map(|(_, f)| f);
        let source = if s.kind == Kind::Query {
            "query"
        } else {
            "body"
        };
        if s.kind == Kind::Json {
            strukt(
                out,
                &format!("S{i}Nested"),
                source,
                &s.nested,
                i,
                None,
                None,
            );
        }
        let accept = match s.kind {
            Kind::Query => None,
            Kind::Json => Some("json"),
            Kind::Form => Some("form"),
        };
        strukt(out, &format!("S{i}"), source, &s.fields, i, renamed, accept);
        let _ = match (flavour, s.kind) {
            (Flavour::Binder | Flavour::BinderAccept, _) => writeln!(
                out,
                "pub fn bind_{i}(req: &http::Request<Vec<u8>>) -> bool {{\n    binder_http::bind::<S{i}, Vec<u8>>(req, &[]).is_ok()\n}}"
            ),
            (Flavour::Serde, Kind::Query) => writeln!(
                out,
                "pub fn de_{i}(q: &str) -> bool {{\n    serde_urlencoded::from_str::<S{i}>(q).is_ok()\n}}"
            ),
            (Flavour::Serde, Kind::Json) => writeln!(
                out,
                "pub fn de_{i}(b: &[u8]) -> bool {{\n    serde_json::from_slice::<S{i}>(b).is_ok()\n}}"
            ),
            (Flavour::Serde, Kind::Form) => writeln!(
                out,
                "pub fn de_{i}(b: &[u8]) -> bool {{\n    serde_urlencoded::from_bytes::<S{i}>(b).is_ok()\n}}"
            ),
        };
        let _ = writeln!(out_all, "pub mod s{i} {{");
        for line in module.lines() {
            let _ = if line.is_empty() {
                writeln!(out_all)
            } else {
                writeln!(out_all, "    {line}")
            };
        }
        out_all.push_str("}\n\n");
    }
    out_all
}

/// `src/main.rs`: calls the function its first argument names on the
/// second (and, for binder, a request with the third as `Content-Type`), so
/// that every struct's code is reachable and kept.
fn main_rs(flavour: Flavour, shapes: &[Shape]) -> String {
    let mut out = String::from(
        "//! Generated by `binder-bench buildcost`; do not edit.\nmod structs;\n\nfn main() {\n    let mut args = std::env::args().skip(1);\n    let which: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(usize::MAX);\n    let input = args.next().unwrap_or_default();\n",
    );
    match flavour {
        Flavour::Binder | Flavour::BinderAccept => out.push_str(
            "    let content_type = args.next().unwrap_or_default();\n    let req = http::Request::builder()\n        .uri(format!(\"/?{input}\"))\n        .header(\"content-type\", content_type)\n        .body(input.into_bytes())\n        .unwrap_or_default();\n    let ok = match which {\n        0 => structs::bind_base_query(&req),\n        1 => structs::bind_base_body(&req),\n",
        ),
        Flavour::Serde => out.push_str(
            "    let ok = match which {\n        0 => structs::de_base_query(&input),\n        1 => structs::de_base_json(input.as_bytes()),\n        2 => structs::de_base_form(input.as_bytes()),\n",
        ),
    }
    for (i, s) in shapes.iter().enumerate() {
        let _ = match (flavour, s.kind) {
            (Flavour::Binder | Flavour::BinderAccept, _) => {
                writeln!(out, "        {} => structs::s{i}::bind_{i}(&req),", i + 2)
            }
            (Flavour::Serde, Kind::Query) => {
                writeln!(out, "        {} => structs::s{i}::de_{i}(&input),", i + 3)
            }
            (Flavour::Serde, _) => {
                writeln!(
                    out,
                    "        {} => structs::s{i}::de_{i}(input.as_bytes()),",
                    i + 3
                )
            }
        };
    }
    out.push_str("        _ => false,\n    };\n    std::process::exit(i32::from(!ok));\n}\n");
    out
}

fn cargo_toml(flavour: Flavour, package: &str, repo: &Path) -> String {
    let deps = match flavour {
        Flavour::Binder | Flavour::BinderAccept => {
            let http = repo.join("adapters/http");
            let path = http.to_string_lossy().replace('\\', "\\\\").replace('"', "\\\"");
            format!("binder-http = {{ path = \"{path}\" }}\nhttp = \"1\"\n")
        }
        Flavour::Serde => "serde = { version = \"1\", features = [\"derive\"] }\nserde_json = \"1\"\nserde_urlencoded = \"0.7\"\n".into(),
    };
    format!(
        "# Generated by `binder-bench buildcost`; do not edit.\n[package]\nname = \"{package}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n# Not a member of binder's workspace.\n[workspace]\n\n[dependencies]\n{deps}"
    )
}

// ---------------------------------------------------------------------------
// Building and measuring.

/// One generated crate.
struct Crate {
    flavour: Flavour,
    n: usize,
    dir: PathBuf,
    /// The package and binary name, e.g. `bc-binder-50`.
    package: String,
    shapes: Vec<Shape>,
}

impl Crate {
    fn structs_path(&self) -> PathBuf {
        self.dir.join("src/structs.rs")
    }

    /// Writes the crate; its lock file starts as the workspace's, so that
    /// it resolves to the same versions.
    fn write(&self, repo: &Path) -> Result<(), String> {
        std::fs::create_dir_all(self.dir.join("src")).map_err(|e| e.to_string())?;
        write(
            &self.dir.join("Cargo.toml"),
            &cargo_toml(self.flavour, &self.package, repo),
        )?;
        std::fs::copy(repo.join("Cargo.lock"), self.dir.join("Cargo.lock"))
            .map_err(|e| format!("Cargo.lock: {e}"))?;
        write(
            &self.dir.join("src/main.rs"),
            &main_rs(self.flavour, &self.shapes),
        )?;
        write(
            &self.structs_path(),
            &structs_rs(self.flavour, &self.shapes, false),
        )
    }

    /// Makes cargo rebuild the crate: its sources are newer than its outputs.
    fn touch(&self) -> Result<(), String> {
        for f in [self.dir.join("src/main.rs"), self.structs_path()] {
            std::fs::File::options()
                .write(true)
                .open(&f)
                .and_then(|file| file.set_modified(SystemTime::now()))
                .map_err(|e| format!("{}: {e}", f.display()))?;
        }
        Ok(())
    }

    /// Drops the crate's incremental caches (`cargo check` and the debug
    /// build), so that the next debug build or check starts from nothing.
    fn forget_incremental(&self, target: &Path) -> Result<(), String> {
        let prefix = self.package.replace('-', "_") + "-";
        let dir = target.join("debug/incremental");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return Ok(());
        };
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().starts_with(&prefix) {
                std::fs::remove_dir_all(e.path()).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
        }
        Ok(())
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `text` unless the file holds it already (its mtime unchanged).
fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    write(path, text)
}

/// One measured command.
#[derive(Clone, Copy, Debug)]
struct Sample {
    wall_s: f64,
    cpu_s: f64,
}

fn cargo_bin() -> PathBuf {
    std::env::var_os("CARGO").map_or_else(|| "cargo".into(), PathBuf::from)
}

/// Runs cargo `args` in `c`'s directory under GNU time. `Ok(None)`: cargo
/// compiled something besides the crate, so the figures are not its alone.
fn cargo(c: &Crate, target: &Path, args: &[&str]) -> Result<Option<Sample>, String> {
    let times = target.join(format!("{}.time", c.package));
    let start = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%U %S", "-o"])
        .arg(&times)
        .arg(cargo_bin())
        .args(args)
        .current_dir(&c.dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("/usr/bin/time: {e} (install GNU time: apt-get install -y time)"))?;
    let wall_s = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "cargo {} in {} failed:\n{stderr}",
            args.join(" "),
            c.dir.display()
        ));
    }
    let text = std::fs::read_to_string(&times).map_err(|e| format!("{}: {e}", times.display()))?;
    let cpu_s = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse::<f64>().ok());
            Some(it.next()?? + it.next()??)
        })
        .ok_or_else(|| format!("{}: no `user sys` line in {text:?}", times.display()))?;
    Ok(only_itself(&stderr, &c.package).then_some(Sample { wall_s, cpu_s }))
}

/// Whether cargo compiled or checked `package` and nothing else.
fn only_itself(stderr: &str, package: &str) -> bool {
    let compiled: Vec<&str> = stderr
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("Compiling ")
                .or_else(|| l.strip_prefix("Checking "))
        })
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    compiled == [package]
}

/// Measures `args` after `prepare`; again (up to twice more) when cargo
/// compiled something else than the crate.
fn measure(
    c: &Crate,
    target: &Path,
    args: &[&str],
    mut prepare: impl FnMut() -> Result<(), String>,
) -> Result<Sample, String> {
    for _ in 0..3 {
        prepare()?;
        if let Some(s) = cargo(c, target, args)? {
            return Ok(s);
        }
        eprintln!(
            "  cargo {} of {} compiled more than the crate: measuring again",
            args.join(" "),
            c.package
        );
    }
    Err(format!(
        "cargo {} of {}: its dependencies keep being rebuilt",
        args.join(" "),
        c.package
    ))
}

/// One rep of one crate.
#[derive(Clone, Copy, Debug)]
struct Rep {
    release_cpu_s: f64,
    release_wall_s: f64,
    check_s: f64,
    debug_cpu_s: f64,
    incremental_s: f64,
    stripped_bytes: u64,
}

fn rep(c: &Crate, target: &Path) -> Result<Rep, String> {
    let release = measure(c, target, &["build", "--release"], || c.touch())?;
    let binary = target.join("release").join(&c.package);
    let stripped = target.join(format!("{}.stripped", c.package));
    std::fs::copy(&binary, &stripped).map_err(|e| format!("{}: {e}", binary.display()))?;
    let strip = Command::new("strip")
        .arg(&stripped)
        .status()
        .map_err(|e| format!("strip: {e}"))?;
    if !strip.success() {
        return Err(format!("strip {} failed", stripped.display()));
    }
    let stripped_bytes = std::fs::metadata(&stripped)
        .map_err(|e| e.to_string())?
        .len();
    let fresh = || {
        c.touch()?;
        c.forget_incremental(target)
    };
    let check = measure(c, target, &["check"], fresh)?;
    let debug = measure(c, target, &["build"], fresh)?;
    // The edit: one field renamed, against the debug build's incremental
    // cache of the original (rebuilt first only if a retry needs it).
    let path = c.structs_path();
    let original = structs_rs(c.flavour, &c.shapes, false);
    let edited = structs_rs(c.flavour, &c.shapes, true);
    let incremental = measure(c, target, &["build"], || {
        write_if_changed(&path, &original)?;
        cargo(c, target, &["build"])?;
        write(&path, &edited)
    });
    write(&path, &original)?;
    Ok(Rep {
        release_cpu_s: release.cpu_s,
        release_wall_s: release.wall_s,
        check_s: check.wall_s,
        debug_cpu_s: debug.cpu_s,
        incremental_s: incremental?.wall_s,
        stripped_bytes,
    })
}

// ---------------------------------------------------------------------------
// The report.

/// The metrics compared, with their labels: `stripped_growth_bytes` is the
/// stripped binary's size minus the same flavour's at N = 0.
const METRICS: &[(&str, &str)] = &[
    ("release_cpu_s", "release build, CPU-s"),
    ("check_s", "`cargo check`, s"),
    ("debug_cpu_s", "debug build, CPU-s"),
    ("incremental_s", "debug rebuild, one struct edited, s"),
    ("stripped_growth_bytes", "stripped binary growth, KiB"),
];

fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Least squares of `y = fixed + per_struct × x`: `(fixed, per_struct)`.
fn fit(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let per = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    (my - per * mx, per)
}

fn round(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

/// The JSON report from every crate's reps.
fn report(o: &Options, results: &[(Flavour, usize, Vec<Rep>)], run_s: f64) -> Value {
    let rustc = Command::new("rustc")
        .arg("-V")
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .unwrap_or_default();
    let base_size = |f: Flavour| {
        results
            .iter()
            .find(|r| r.0 == f && r.1 == 0)
            .map_or(0.0, |r| {
                median(
                    &r.2.iter()
                        .map(|x| x.stripped_bytes as f64)
                        .collect::<Vec<_>>(),
                )
            })
    };
    let mut crates = Vec::new();
    for (flavour, n, reps) in results {
        let col = |g: fn(&Rep) -> f64| reps.iter().map(g).collect::<Vec<f64>>();
        let size = median(&col(|r| r.stripped_bytes as f64));
        let samples = json!({
            "release_cpu_s": col(|r| r.release_cpu_s),
            "release_wall_s": col(|r| r.release_wall_s),
            "check_s": col(|r| round(r.check_s, 3)),
            "debug_cpu_s": col(|r| r.debug_cpu_s),
            "incremental_s": col(|r| round(r.incremental_s, 3)),
        });
        crates.push(json!({
            "flavour": flavour.name(),
            "structs": n,
            "release_cpu_s": round(median(&col(|r| r.release_cpu_s)), 2),
            "release_wall_s": round(median(&col(|r| r.release_wall_s)), 2),
            "check_s": round(median(&col(|r| r.check_s)), 3),
            "debug_cpu_s": round(median(&col(|r| r.debug_cpu_s)), 2),
            "incremental_s": round(median(&col(|r| r.incremental_s)), 3),
            "stripped_bytes": size as u64,
            "stripped_growth_bytes": (size - base_size(*flavour)) as i64,
            "samples": samples,
        }));
    }
    let value = |f: &str, n: usize, metric: &str| -> Option<f64> {
        crates
            .iter()
            .find(|c| c["flavour"] == f && c["structs"] == n)?
            .get(metric)?
            .as_f64()
    };
    let mut fits = json!({});
    for f in &o.flavours {
        let mut per = json!({});
        for (metric, _) in METRICS {
            let points: Vec<(f64, f64)> = o
                .structs
                .iter()
                .filter_map(|&n| Some((n as f64, value(f.name(), n, metric)?)))
                .collect();
            let (fixed, per_struct) = fit(&points);
            per[*metric] = json!({"fixed": round(fixed, 3), "per_struct": round(per_struct, 4)});
        }
        fits[f.name()] = per;
    }
    let ratios: Vec<Value> = o
        .structs
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| {
            // `ratios[i][metric]`: binder / serde; `[..]["accept"]`: the
            // same for binder-accept.
            let mut r = json!({"structs": n});
            let mut accept = json!({});
            for (metric, _) in METRICS {
                let ratio = |f: &str| {
                    value(f, n, metric)
                        .zip(value("serde", n, metric))
                        .filter(|&(_, s)| s > 0.0)
                        .map(|(b, s)| round(b / s, 3))
                };
                r[*metric] = json!(ratio("binder"));
                accept[*metric] = json!(ratio("binder-accept"));
            }
            r["accept"] = accept;
            r
        })
        .collect();
    json!({
        "command": "cargo run --release -p binder-bench -- buildcost",
        "structs": o.structs,
        "reps": o.reps,
        "mix": format!("{QUERY_PERCENT}% query, {}% JSON (one nested struct each), {FORM_PERCENT}% form; 4-12 fields each", 100 - QUERY_PERCENT - FORM_PERCENT),
        "seed": SEED,
        "toolchain": rustc,
        "machine": format!("{} {}, {} cpus", std::env::consts::ARCH, std::env::consts::OS, std::thread::available_parallelism().map_or(0, |n| n.get())),
        "run_s": round(run_s, 1),
        "crates": crates,
        "fits": fits,
        "ratios": ratios,
    })
}

/// `x` as the metric shows it (growth in KiB).
fn shown(metric: &str, x: f64) -> String {
    if metric == "stripped_growth_bytes" {
        format!("{:.0}", x / 1024.0)
    } else if x.abs() >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// The report as a markdown table: per metric and binder flavour (a row
/// each: by default, and with `accept` declared), the fits of binder and
/// serde and, at each struct count, binder / serde and their ratio.
pub fn table(report: &Value) -> String {
    let counts: Vec<u64> = report["structs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .filter(|&n| n > 0)
        .collect();
    let get = |f: &str, n: u64, metric: &str| {
        report["crates"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["flavour"] == f && c["structs"] == n)
            .and_then(|c| c[metric].as_f64())
    };
    let mut out =
        String::from("| metric | binder: fixed + per struct | serde: fixed + per struct |");
    let has = |f: &str| {
        report["crates"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|c| c["flavour"] == f)
    };
    let binders: Vec<(&str, &str)> = [("binder", ""), ("binder-accept", ", `accept` declared")]
        .into_iter()
        .filter(|(f, _)| has(f))
        .collect();
    for n in &counts {
        let _ = write!(out, " {n} structs: binder / serde |");
    }
    out.push_str("\n|---|---:|---:|");
    out.push_str(&"---:|".repeat(counts.len()));
    out.push('\n');
    for ((metric, label), (binder, note)) in METRICS
        .iter()
        .flat_map(|m| binders.iter().map(move |b| (m, b)))
    {
        let _ = write!(out, "| {label}{note} |");
        for f in [*binder, "serde"] {
            let fit = &report["fits"][f][*metric];
            match (fit["fixed"].as_f64(), fit["per_struct"].as_f64()) {
                (Some(fixed), Some(per)) => {
                    let per = if *metric == "stripped_growth_bytes" {
                        format!("{:.1}", per / 1024.0)
                    } else {
                        format!("{per:.3}")
                    };
                    let _ = write!(out, " {} + {per} × N |", shown(metric, fixed));
                }
                _ => out.push_str(" - |"),
            }
        }
        for &n in &counts {
            let cell = match (get(binder, n, metric), get("serde", n, metric)) {
                (Some(b), Some(s)) if s > 0.0 => {
                    format!(
                        "{} / {} = {:.1}x",
                        shown(metric, b),
                        shown(metric, s),
                        b / s
                    )
                }
                (b, s) => format!(
                    "{} / {}",
                    b.map_or("-".into(), |b| shown(metric, b)),
                    s.map_or("-".into(), |s| shown(metric, s))
                ),
            };
            let _ = write!(out, " {cell} |");
        }
        out.push('\n');
    }
    out
}

/// The section of BENCHMARKS.md, from `results.json`'s `buildcost` (empty
/// without one).
pub fn docs(results: &Path) -> String {
    let Some(b) = std::fs::read_to_string(results)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|d| d.get("buildcost").cloned())
    else {
        return String::new();
    };
    format!(
        "\n## Build cost\n\n`cargo run --release -p binder-bench -- buildcost`: generated request structs ({}), the same shapes derived by binder (`binder_http::bind`) and by serde (serde_json, serde_urlencoded), each flavour a binary crate that calls every struct, with cargo's default profiles; {} on {}. The median of {} run(s). CPU-s are user + sys of the whole build (rustc, the linker) of the generated crate alone, its dependencies built already; check and the debug build start without an incremental cache; growth is the stripped binary's size over the same flavour's with no generated struct. Fixed + per struct: least squares over 0 and the counts shown.\n\n{}",
        b["mix"].as_str().unwrap_or_default(),
        b["toolchain"].as_str().unwrap_or_default(),
        b["machine"].as_str().unwrap_or_default(),
        b["reps"],
        table(&b)
    )
}

/// Generates, builds and measures every crate; the report.
pub fn run(o: &Options, repo: &Path) -> Result<Value, String> {
    let start = Instant::now();
    for (tool, arg) in [("/usr/bin/time", "--version"), ("strip", "--version")] {
        Command::new(tool)
            .arg(arg)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| {
                format!("{tool}: {e} (buildcost needs GNU time and binutils: apt-get install -y time binutils)")
            })?;
    }
    let repo = repo.canonicalize().map_err(|e| e.to_string())?;
    let base = repo.join("target/buildcost");
    let target = base.join("target");
    std::fs::create_dir_all(&target).map_err(|e| format!("{}: {e}", target.display()))?;
    let mut crates = Vec::new();
    for &n in &o.structs {
        for &flavour in &o.flavours {
            let package = format!("bc-{}-{n}", flavour.name());
            let c = Crate {
                flavour,
                n,
                dir: base.join(&package),
                package,
                shapes: shapes(n),
            };
            c.write(&repo)?;
            crates.push(c);
        }
    }
    // Warm-up: every flavour's dependencies, in each profile, through its
    // baseline crate (the N = 0 crate is first).
    for &flavour in &o.flavours {
        let c = crates
            .iter()
            .find(|c| c.flavour == flavour)
            .expect("a crate");
        eprintln!("warm-up: {}'s dependencies", flavour.name());
        for args in [&["build", "--release"][..], &["check"], &["build"]] {
            cargo(c, &target, args)?;
        }
    }
    let mut results: Vec<(Flavour, usize, Vec<Rep>)> = crates
        .iter()
        .map(|c| (c.flavour, c.n, Vec::new()))
        .collect();
    for r in 1..=o.reps {
        for (c, result) in crates.iter().zip(&mut results) {
            let m = rep(c, &target)?;
            eprintln!(
                "rep {r}/{}: {:>6} N={:<3} release {:6.2} CPU-s ({:.1} s), check {:5.2} s, debug {:6.2} CPU-s, edit {:5.2} s, stripped {} KiB",
                o.reps,
                c.flavour.name(),
                c.n,
                m.release_cpu_s,
                m.release_wall_s,
                m.check_s,
                m.debug_cpu_s,
                m.incremental_s,
                m.stripped_bytes / 1024
            );
            result.2.push(m);
        }
    }
    Ok(report(o, &results, start.elapsed().as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_default_quick_and_explicit() {
        let o = Options::parse(&[]).unwrap();
        assert_eq!((o.structs, o.reps), (vec![0, 10, 50, 100], 3));
        assert_eq!(
            o.flavours,
            [Flavour::Binder, Flavour::BinderAccept, Flavour::Serde]
        );
        let q = Options::parse(&args("--quick")).unwrap();
        assert_eq!((q.structs, q.reps), (vec![0, 10, 50], 1));
        let e = Options::parse(&args("--reps 2 --quick --structs 20,5 --flavours serde")).unwrap();
        assert_eq!((e.structs, e.reps), (vec![0, 5, 20], 2));
        assert_eq!(e.flavours, [Flavour::Serde]);
        assert!(Options::parse(&args("--structs a")).is_err());
        assert!(Options::parse(&args("--flavours axum")).is_err());
        assert!(Options::parse(&args("--reps")).is_err());
    }

    #[test]
    fn only_a_run_of_every_flavour_at_two_counts_is_recorded() {
        assert_eq!(Options::parse(&[]).unwrap().probe(), None);
        assert_eq!(Options::parse(&args("--quick")).unwrap().probe(), None);
        let one_flavour = Options::parse(&args("--quick --flavours binder")).unwrap();
        assert!(one_flavour.probe().is_some());
        let two = Options::parse(&args("--flavours serde,binder")).unwrap();
        assert!(two.probe().is_some());
        let one_count = Options::parse(&args("--structs 50")).unwrap();
        assert!(one_count.probe().is_some());
        let zero_twice = Options::parse(&args("--structs 0,50,0")).unwrap();
        assert!(zero_twice.probe().is_some());
    }

    #[test]
    fn the_mix_is_34_50_16_percent() {
        assert_eq!(mix(50), (17, 25, 8));
        assert_eq!(mix(100), (34, 50, 16));
        assert_eq!(mix(10), (3, 5, 2));
        assert_eq!(mix(0), (0, 0, 0));
        let s = shapes(50);
        let count = |k| s.iter().filter(|x| x.kind == k).count();
        assert_eq!(
            (count(Kind::Query), count(Kind::Json), count(Kind::Form)),
            (17, 25, 8)
        );
    }

    #[test]
    fn shapes_are_seeded_and_well_formed() {
        let s = shapes(100);
        assert_eq!(s, shapes(100));
        let mut short = 0;
        let mut long = 0;
        for shape in &s {
            for fields in [&shape.fields, &shape.nested] {
                if fields.is_empty() {
                    continue;
                }
                assert!((4..=12).contains(&fields.len()), "{shape:?}");
                let mut names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
                names.sort_unstable();
                names.dedup();
                assert_eq!(names.len(), fields.len(), "{shape:?}");
                for f in fields.iter() {
                    assert!(f
                        .name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
                    if f.name.len() <= 7 {
                        short += 1;
                    } else {
                        long += 1;
                    }
                }
            }
            let nested = shape.fields.iter().filter(|f| f.ty == Ty::Nested).count();
            assert_eq!(nested == 1, shape.kind == Kind::Json, "{shape:?}");
            assert_eq!(shape.nested.is_empty(), shape.kind != Kind::Json);
            assert!(shape.nested.iter().all(|f| f.ty != Ty::Nested));
        }
        assert!(
            short > 100 && long > 100,
            "{short} short names, {long} long"
        );
        for ty in SCALARS {
            assert!(
                s.iter().any(|x| x.fields.iter().any(|f| f.ty == ty)),
                "{ty:?}"
            );
        }
    }

    #[test]
    fn both_flavours_render_the_same_fields_and_the_edit_renames_one() {
        let s = shapes(10);
        let binder = structs_rs(Flavour::Binder, &s, false);
        let serde = structs_rs(Flavour::Serde, &s, false);
        let fields = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| l.starts_with("    ") && l.ends_with(',') && l.contains(": "))
                .map(String::from)
                .collect()
        };
        assert_eq!(fields(&binder), fields(&serde));
        assert_eq!(
            binder.matches("#[derive(binder_http::Bind)]").count(),
            2 + 10 + 5
        );
        assert_eq!(
            serde.matches("#[derive(serde::Deserialize)]").count(),
            2 + 10 + 5
        );
        assert_eq!(
            binder.matches("#[bind(query)]").count() + binder.matches("#[bind(body)]").count(),
            fields(&binder).len()
        );
        assert_eq!(binder.matches("pub fn bind_").count(), 2 + 10);
        assert_eq!(serde.matches("serde_urlencoded::from_str::<S").count(), 3);
        assert_eq!(serde.matches("serde_json::from_slice::<S").count(), 5);
        assert_eq!(serde.matches("serde_urlencoded::from_bytes::<S").count(), 2);
        for (flavour, original) in [(Flavour::Binder, &binder), (Flavour::Serde, &serde)] {
            let edited = structs_rs(flavour, &s, true);
            let diff: Vec<(&str, &str)> = original
                .lines()
                .zip(edited.lines())
                .filter(|(a, b)| a != b)
                .collect();
            assert_eq!(diff.len(), 1, "{diff:?}");
            assert!(diff[0].1.contains("_x: "), "{diff:?}");
        }
        // With no JSON struct the baseline body struct is edited.
        let none = structs_rs(Flavour::Serde, &[], true);
        assert!(none.contains("    b_x: String,"));
        // Each struct in a module of its own; main calls every function.
        assert_eq!(binder.matches("\npub mod s").count(), 10);
        let main = main_rs(Flavour::Serde, &s);
        assert_eq!(main.matches("::de_").count(), 3 + 10);
        let main = main_rs(Flavour::Binder, &s);
        assert_eq!(main.matches("::bind_").count(), 2 + 10);
    }

    #[test]
    fn only_the_crate_itself_counts_as_measured() {
        let own = "   Compiling bc-binder-10 v0.0.0 (/x)\n    Finished `release` profile [optimized] target(s) in 3.1s\n";
        assert!(only_itself(own, "bc-binder-10"));
        assert!(!only_itself(
            &format!("   Compiling serde v1.0.229\n{own}"),
            "bc-binder-10"
        ));
        assert!(!only_itself(
            "    Checking bc-binder-1 v0.0.0 (/x)\n",
            "bc-binder-10"
        ));
        assert!(!only_itself("    Finished `dev` profile\n", "bc-binder-10"));
    }

    #[test]
    fn fits_and_medians() {
        let (fixed, per) = fit(&[(0.0, 2.0), (10.0, 7.0), (50.0, 27.0), (100.0, 52.0)]);
        assert!((fixed - 2.0).abs() < 1e-9 && (per - 0.5).abs() < 1e-9);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn the_report_tables_fits_and_ratios() {
        let o = Options::parse(&args("--structs 10 --reps 1")).unwrap();
        let rep = |k: f64, size: u64| Rep {
            release_cpu_s: k,
            release_wall_s: k,
            check_s: k / 10.0,
            debug_cpu_s: k / 4.0,
            incremental_s: k / 20.0,
            stripped_bytes: size,
        };
        let results = vec![
            (Flavour::Binder, 0, vec![rep(2.0, 400 << 10)]),
            (Flavour::Serde, 0, vec![rep(1.0, 300 << 10)]),
            (Flavour::Binder, 10, vec![rep(22.0, 800 << 10)]),
            (Flavour::Serde, 10, vec![rep(5.0, 400 << 10)]),
            (Flavour::BinderAccept, 0, vec![rep(2.0, 400 << 10)]),
            (Flavour::BinderAccept, 10, vec![rep(12.0, 600 << 10)]),
        ];
        let r = report(&o, &results, 12.0);
        assert_eq!(r["ratios"][0]["release_cpu_s"], 4.4);
        assert_eq!(r["ratios"][0]["stripped_growth_bytes"], 4.0);
        assert_eq!(r["fits"]["binder"]["release_cpu_s"]["per_struct"], 2.0);
        assert_eq!(r["ratios"][0]["accept"]["release_cpu_s"], 2.4);
        assert_eq!(
            r["fits"]["binder-accept"]["release_cpu_s"]["per_struct"],
            1.0
        );
        let t = table(&r);
        assert!(t.contains("| release build, CPU-s | 2.00 + 2.000 × N | 1.00 + 0.400 × N | 22.0 / 5.00 = 4.4x |"), "{t}");
        assert!(
            t.contains(
                "| stripped binary growth, KiB | 0 + 40.0 × N | 0 + 10.0 × N | 400 / 100 = 4.0x |"
            ),
            "{t}"
        );
        assert!(
            t.contains("| release build, CPU-s, `accept` declared | 2.00 + 1.000 × N | 1.00 + 0.400 × N | 12.0 / 5.00 = 2.4x |"),
            "{t}"
        );
    }

    #[test]
    fn binder_accept_declares_the_one_format_each_struct_is_sent_in() {
        let s = shapes(10);
        let accept = structs_rs(Flavour::BinderAccept, &s, false);
        let plain = structs_rs(Flavour::Binder, &s, false);
        assert!(!plain.contains("accept"));
        let json = s.iter().filter(|x| x.kind == Kind::Json).count();
        let form = s.iter().filter(|x| x.kind == Kind::Form).count();
        assert!(json > 0 && form > 0);
        assert_eq!(accept.matches("#[bind(accept = \"json\")]").count(), json);
        assert_eq!(accept.matches("#[bind(accept = \"form\")]").count(), form);
        // Nothing else differs.
        let stripped: String = accept
            .lines()
            .filter(|l| !l.contains("#[bind(accept"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            stripped.replace("binder-accept structs", "binder structs"),
            plain
        );
    }
}
