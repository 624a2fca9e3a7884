package robust

func init() {
	noExample["go-name-collision"] = "it refuses a Go package (forocl build --go-package), not a source, which check and run take; cmd/forocl's TestHostileNames covers it"
}
