package hostgen

import "strings"

// Note [Fortran line length]
//
// Free-form Fortran allows 132 characters a line, and gfortran stops at a
// longer one ("Line truncated"). The Fortran host's statements grow with
// the kernel: a list of sizes or dummies with long names (CloverLeaf's
// update_tile_halo kernels pass ten scalars into one array constructor)
// passes the limit however the emitter breaks its argument lists. So
// every line goes through fortEmitter.write, which splits what is too
// long (fortranLines):
//
//   - a statement breaks after the last comma or blank that is outside a
//     character literal and leaves the line within the limit, ending it
//     with " &" and going on in the next line, indented four more;
//   - where there is none (one long token or literal), it breaks anywhere
//     except next to a quote, ending the line with "&" and starting the
//     next with "&": the statement then goes on at the very next
//     character, inside a token or a literal as well (Fortran 2008,
//     3.3.2.4);
//   - a trailing comment moves to comment lines of its own above the
//     statement, and a long comment line becomes several;
//   - indentation stops at fortMaxIndent blanks, so the rest of a line
//     always has room.
//
// A directive line (!$) is written as it is: the generator writes none,
// and splitting one into comments would drop it silently.

const (
	fortMaxLine   = 132
	fortMaxIndent = 64
)

// fortranLines is line ln (no newline) as lines of at most fortMaxLine
// characters that mean the same: see Note [Fortran line length].
func fortranLines(ln string) []string {
	if len(ln) <= fortMaxLine {
		return []string{ln}
	}
	body := strings.TrimLeft(ln, " ")
	ind := ln[:min(len(ln)-len(body), fortMaxIndent)]
	switch {
	case len(ind)+len(body) <= fortMaxLine || strings.HasPrefix(body, "!$"):
		return []string{ind + body}
	case strings.HasPrefix(body, "!"):
		return commentLines(ind, body[1:])
	}
	code, comment := splitComment(body)
	var out []string
	if comment != "" {
		out = commentLines(ind, comment)
		if len(ind)+len(code) <= fortMaxLine {
			return append(out, ind+code)
		}
	}
	return append(out, statementLines(ind, code)...)
}

// splitComment splits a statement line into its code, without trailing
// blanks, and the text of its trailing comment after the "!" ("" when it
// has none).
func splitComment(body string) (code, comment string) {
	var quote byte
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case quote != 0:
			if c == quote {
				quote = 0 // a doubled quote closes and opens again
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '!':
			return strings.TrimRight(body[:i], " "), body[i+1:]
		}
	}
	return body, ""
}

// commentLines writes the words of text as comment lines "ind! words"; a
// word too long for a line is split.
func commentLines(ind, text string) []string {
	var out []string
	room := fortMaxLine - len(ind) - 2
	cur := ""
	for _, w := range strings.Fields(text) {
		for len(w) > room {
			if cur != "" {
				out = append(out, ind+"! "+cur)
				cur = ""
			}
			out = append(out, ind+"! "+w[:room])
			w = w[room:]
		}
		if cur != "" && len(cur)+1+len(w) > room {
			out = append(out, ind+"! "+cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" || len(out) == 0 {
		out = append(out, strings.TrimRight(ind+"! "+cur, " "))
	}
	return out
}

// statementLines breaks statement code (no comment) into continuation
// lines, the first indented by ind, the others by four more.
func statementLines(ind, code string) []string {
	quoted := make([]bool, len(code)+1) // code[i] is part of a character literal
	var quote byte
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case quote != 0:
			quoted[i] = true
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quoted[i], quote = true, c
		}
	}
	tail := "" // a statement that goes on keeps its " &" on its last line
	if strings.HasSuffix(code, "&") && !quoted[len(code)-1] {
		code, tail = strings.TrimRight(code[:len(code)-1], " "), " &"
	}
	var out []string
	cont := ind + "    "
	prefix := ind
	for start := 0; ; {
		if len(prefix)+len(code)-start+len(tail) <= fortMaxLine {
			return append(out, prefix+code[start:]+tail)
		}
		if i := softBreak(code, quoted, start, start+fortMaxLine-len(prefix)-2); i > start {
			out = append(out, prefix+strings.TrimRight(code[start:i], " ")+" &")
			start = i
			for start < len(code) && code[start] == ' ' {
				start++
			}
			prefix = cont
			continue
		}
		j := start + fortMaxLine - len(prefix) - 1
		for j > start+1 && (code[j-1] == '\'' || code[j-1] == '"' || code[j] == '\'' || code[j] == '"') {
			j--
		}
		out = append(out, prefix+code[start:j]+"&")
		start = j
		prefix = cont + "&"
	}
}

// softBreak is the largest i in (start, end] where code may break outside
// a literal (after a comma, or at a blank), or start when there is none.
func softBreak(code string, quoted []bool, start, end int) int {
	for i := min(end, len(code)-1); i > start; i-- {
		if quoted[i-1] {
			continue
		}
		if code[i-1] == ',' || code[i] == ' ' {
			return i
		}
	}
	return start
}
