from amul_table.cli.main import main

raise SystemExit(main())
