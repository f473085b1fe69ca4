from amul_table.cli import main

raise SystemExit(main())
