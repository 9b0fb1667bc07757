package config_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

func TestParsePrices(t *testing.T) {
	got, err := config.ParsePrices(" gpt-4o-mini=0.15/0.60 , openai/gpt-4o=2.5/10,, free=0/0")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]config.Price{
		"gpt-4o-mini":   {Input: 0.15, Output: 0.60},
		"openai/gpt-4o": {Input: 2.5, Output: 10},
		"free":          {},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParsePrices = %v, want %v", got, want)
	}
	for _, bad := range []string{"gpt", "=1/2", "m=1", "m=a/2", "m=1/-2", "m=NaN/1", "m=1/Inf", "m=1/2,m=3/4"} {
		if _, err := config.ParsePrices(bad); err == nil {
			t.Errorf("ParsePrices(%q) accepted", bad)
		}
	}
}

func TestLoadReadsLLMPrices(t *testing.T) {
	c, err := config.Load(env(map[string]string{"LLM_PRICES": "gpt-4o-mini=0.15/0.60"}))
	if err != nil {
		t.Fatal(err)
	}
	if p := c.LLM.Prices["gpt-4o-mini"]; p != (config.Price{Input: 0.15, Output: 0.60}) {
		t.Errorf("LLM_PRICES: got %v", c.LLM.Prices)
	}
	_, err = config.Load(env(map[string]string{"LLM_PRICES": "gpt-4o-mini"}))
	if err == nil || !strings.Contains(err.Error(), "config: LLM_PRICES: ") {
		t.Errorf("bad LLM_PRICES: err = %v, want one naming the variable", err)
	}
}
