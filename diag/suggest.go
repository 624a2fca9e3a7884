package diag

import "sort"

// Suggest returns the candidate closest to word by edit distance
// (insertions, deletions, substitutions and swaps of neighbours, each
// costing one), for "did you mean" hints. Only close candidates count: at
// most one edit for words of two to four characters, two for longer ones,
// none for one-character words (every other letter is one edit away), and
// never the word itself. Ties go to the candidate that sorts first, so the
// answer does not depend on the order of candidates. It returns "" when no
// candidate is close enough.
func Suggest(word string, candidates []string) string {
	limit := 1
	if len(word) < 2 {
		return ""
	}
	if len(word) > 4 {
		limit = 2
	}
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestD := "", limit+1
	for _, c := range sorted {
		if c == word || c == "" {
			continue
		}
		if d := alignDistance(word, c, bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// alignDistance is the optimal string alignment distance of a and b. It gives
// up and returns limit once the distance is known to reach it, so that long
// unrelated names cost little.
func alignDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit)
}
