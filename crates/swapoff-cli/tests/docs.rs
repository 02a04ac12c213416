//! Every command example of the README and of `docs/*.md` (`console` blocks) runs here, from
//! the repository's root, and its output is compared with what the page shows (trycmd), so
//! no sample goes stale. `[..]` and `...` in a page stand for output that varies (timings).

use std::path::Path;

#[test]
fn readme_and_docs_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // The pages name files relative to the repository's root.
    std::env::set_current_dir(&root).expect("the repository root exists");
    trycmd::TestCases::new()
        .register_bin("seeswap", trycmd::cargo::cargo_bin!("seeswap"))
        .case("README.md")
        .case("docs/*.md");
}
