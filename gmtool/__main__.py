from gmtool.cli import main

raise SystemExit(main())
