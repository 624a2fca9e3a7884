package robust

// forocl port's codes leave a procedure or a file as host code while it
// ports the rest; they are tested with forocl port itself.
import _ "github.com/forocl/forocl/port"

func init() {
	last := topics[len(topics)-1] // Internal errors stay last
	topics = append(topics[:len(topics)-1],
		struct{ title, about string }{"Porting", "forocl port writes drop-in replacements of an application's kernel files; what it cannot port stays host code, with a warning."},
		last)
	noExample["port-kept-on-host"] = "forocl port warns, not forocl check; port's TestPortKeepsRefused and TestPortNameTooLong and cmd/forocl's TestPortCLI cover it"
}
