module github.com/forocl/forocl

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/ebitengine/purego v0.11.3 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/sebdah/goldie/v2 v2.8.0 // indirect
	github.com/sergi/go-diff v1.0.0 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/image v0.47.0
)
