//! The behaviour signature: the deterministic benchmark's node count. A change to the search
//! or the evaluation changes it; update the number deliberately and say `Bench: <nodes>` in the
//! commit message.

#[test]
fn bench_node_count_is_the_signature() {
    let result = gomoku_ai::bench::run();
    assert_eq!(result.nodes, 97_417, "bench signature changed");
}
