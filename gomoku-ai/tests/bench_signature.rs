//! The behaviour signature: the deterministic benchmark's node count. A change to the search
//! or the evaluation changes it; update `gomoku_ai::bench::SIGNATURE` deliberately and say
//! `Bench: <nodes>` in the commit message.

#[test]
fn bench_node_count_is_the_signature() {
    let first = gomoku_ai::bench::run();
    assert_eq!(
        first.nodes,
        gomoku_ai::bench::SIGNATURE,
        "bench signature changed"
    );
    // Deterministic: a second run (fresh engines) searches exactly the same nodes.
    assert_eq!(gomoku_ai::bench::run().nodes, first.nodes);
}
