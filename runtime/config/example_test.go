package config_test

import (
	"fmt"

	"github.com/intake-runtime/intake/runtime/config"
)

// Load takes a lookup function: main passes os.LookupEnv, tests a map.
func ExampleLoad() {
	vars := map[string]string{"DEBOUNCE_WINDOW": "500ms", "LLM_API_KEY": "sk-proj-1234567890"}
	c, err := config.Load(func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Session.DebounceWindow, c.Session.DebounceMaxWait, c.Table.Name)
	fmt.Println(c.LLM.APIKey, c.LLM.APIKey.Mask())
	// Output:
	// 500ms 8s intake
	// **** sk-p****
}

// Every problem is reported at once, each naming its variable.
func ExampleLoad_errors() {
	vars := map[string]string{"DEBOUNCE_WINDOW": "abc", "CRM_ENABLED": "yes"}
	_, err := config.Load(func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	})
	fmt.Println(err)
	// Output:
	// config: CRM_ENABLED: "yes" is not a boolean (use true, false, 1 or 0)
	// config: DEBOUNCE_WINDOW: "abc" is not a duration (e.g. 2s, 500ms)
}
