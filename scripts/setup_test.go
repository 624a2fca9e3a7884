// Package scripts holds the tests of the shell scripts beside them.
package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// setupPackages are the packages scripts/setup.sh installs when missing.
var setupPackages = []string{"gfortran", "ocl-icd-libopencl1", "pocl-opencl-icd", "ocl-icd-opencl-dev",
	"clinfo", "openmpi-bin", "libopenmpi-dev", "cmake", "make"}

// runSetup runs setup.sh with stand-ins for dpkg-query (which lists the
// packages of installed as installed), apt-get and sudo (which log their
// arguments), on a PATH of the stand-ins alone, so that no tool's command
// is found. It returns apt-get's log.
func runSetup(t *testing.T, installed map[string]string) string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "apt.log")
	var status strings.Builder
	for pkg, s := range installed {
		status.WriteString("  " + pkg + ") echo -n '" + s + "' ;;\n")
	}
	stubs := map[string]string{
		"dpkg-query": "case \"$3\" in\n" + status.String() + "  *) echo \"dpkg-query: no packages found matching $3\" >&2; exit 1 ;;\nesac\n",
		"apt-get":    "echo \"apt-get $*\" >> " + log + "\n",
		"sudo":       "\"$@\"\n",
	}
	for name, body := range stubs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!"+bash+"\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if id, err := exec.LookPath("id"); err == nil {
		if err := os.Symlink(id, filepath.Join(dir, "id")); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bash, "setup.sh")
	cmd.Env = []string{"PATH=" + dir}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("setup.sh: %v\n%s", err, out)
	}
	b, err := os.ReadFile(log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

// TestSetupInstallsOnlyMissing: with every package installed setup.sh runs
// no apt-get at all (it used to reinstall libopenmpi-dev on every run);
// with some missing, or only left as configuration files, it installs
// exactly those.
func TestSetupInstallsOnlyMissing(t *testing.T) {
	all := map[string]string{}
	for _, p := range setupPackages {
		all[p] = "install ok installed"
	}
	if log := runSetup(t, all); log != "" {
		t.Errorf("with everything installed, setup.sh ran\n%s", log)
	}
	some := map[string]string{}
	for p, s := range all {
		some[p] = s
	}
	delete(some, "cmake")
	some["libopenmpi-dev"] = "deinstall ok config-files"
	some["make"] = "unknown ok not-installed"
	some["clinfo"] = "hold ok installed"
	want := "apt-get update -qq\napt-get install -y -qq --no-install-recommends libopenmpi-dev cmake make\n"
	if log := runSetup(t, some); log != want {
		t.Errorf("with cmake, make and libopenmpi-dev missing, setup.sh ran\n%s\nwant\n%s", log, want)
	}
}
