"""A bounded memo keeps at most its size and starts afresh when full."""

from soan.engine.memo import Memo


def test_a_full_memo_starts_afresh_with_the_new_entry():
    memo: Memo[int, str] = Memo(3)
    assert [memo.keep(k, str(k)) for k in range(3)] == ["0", "1", "2"]
    assert dict(memo) == {0: "0", 1: "1", 2: "2"}
    assert memo.keep(3, "3") == "3"
    assert dict(memo) == {3: "3"}
    for k in range(10):
        memo.keep(k, "x")
        assert len(memo) <= 3

