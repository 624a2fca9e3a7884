package oracle

// ResetMemo forgets the process-wide cache, as a new process would.
func ResetMemo() {
	memo.Lock()
	memo.entries = map[string]*memoEntry{}
	memo.Unlock()
}
