module m
contains
  subroutine k(s)  ! ERROR:14 [kernel-no-arrays] "kernel \"k\" has no array arguments"
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: s
  end subroutine k
end module m
