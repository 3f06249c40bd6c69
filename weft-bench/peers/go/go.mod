module weft.dev/peers

go 1.25
